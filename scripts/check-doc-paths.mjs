#!/usr/bin/env node
/**
 * Dead paths in the documentation (`npm run lint`, "doc paths"). Reads README.md,
 * widget/README.md and every docs/*.md and checks two kinds of reference:
 *   (a) relative Markdown links `[text](path)`, resolved from the document's folder
 *       (http:, https:, mailto: and pure #anchors are skipped; a #fragment is dropped);
 *   (b) code spans that look like repository paths: backticked text starting with server/,
 *       site/, widget/, src/, test/, scripts/, docs/ or .ci/, resolved from the repository's root
 *       (a trailing `:line` and a trailing slash are dropped; `.ts` or `.tsx` may be left off;
 *       `*` and `{a,b}` are globs that must match at least one file).
 * Fenced code blocks are skipped. Lists every reference that does not exist as
 * `document:line  path` and exits 1; prints one line and exits 0 when all exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PATH_PREFIXES = ['server/', 'site/', 'widget/', 'src/', 'test/', 'scripts/', 'docs/', '.ci/'];
// Folders that are built, installed or local data, never cited as sources.
const NOT_SOURCES = new Set(['.git', 'node_modules', 'dist', 'data', 'reports']);

const documents = [
  'README.md',
  'widget/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Every file and folder of the repository (relative, with `/`), read once for globs. */
let everyPath = null;
function repositoryPaths() {
  if (everyPath) return everyPath;
  everyPath = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (NOT_SOURCES.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      everyPath.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk('');
  return everyPath;
}

/** `server/openapi/answers-*.ts`, `test/browser/{a,b}.test.ts` → a regular expression over whole paths. */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^/]*';
    else if (c === '{') source += '(?:';
    else if (c === '}') source += ')';
    else if (c === ',') source += '|';
    else source += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Does a path relative to the repository's root name something that exists? */
function exists(path) {
  if (/[*{]/.test(path)) {
    const pattern = globToRegExp(path);
    return repositoryPaths().some(
      (candidate) => pattern.test(candidate) || pattern.test(`${candidate}.ts`) || pattern.test(`${candidate}.tsx`),
    );
  }
  return [path, `${path}.ts`, `${path}.tsx`].some((candidate) => existsSync(join(ROOT, candidate)));
}

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const CODE_SPAN = /`([^`\n]+)`/g;

const missing = [];
for (const document of documents) {
  const folder = dirname(document);
  let fenced = false;
  readFileSync(join(ROOT, document), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return;
      const where = `${document}:${index + 1}`;

      // (a) Markdown links, relative to the document.
      for (const [, target] of line.matchAll(LINK)) {
        if (/^(https?:|mailto:|#)/i.test(target)) continue;
        const path = decodeURI(target.split('#')[0]);
        const fromRoot = relative(ROOT, join(ROOT, folder, path)) || '.';
        if (fromRoot.startsWith('..') || !exists(fromRoot)) missing.push(`${where}  ${target}`);
      }

      // (b) Code spans that start like a repository path, relative to the root.
      for (const [, span] of line.matchAll(CODE_SPAN)) {
        const text = span.trim().split(/\s/)[0];
        if (!PATH_PREFIXES.some((prefix) => text.startsWith(prefix))) continue;
        const path = text.replace(/:\d+(-\d+)?$/, '').replace(/\/+$/, '');
        if (!exists(path)) missing.push(`${where}  ${text}`);
      }
    });
}

if (missing.length > 0) {
  console.error(`Paths cited in the documentation that do not exist (${missing.length}):`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`doc paths: every cited path exists (${documents.length} documents)`);
