#!/usr/bin/env node
/**
 * `npm run size`: gzip sizes of what ships, checked against the budgets (docs/benchmarks.md).
 *   widget: the loader college-inquiry.js <= 4 KB (4,096 B);
 *           loader + inquiry form college-inquiry-form.js (its CSS is inside it) <= 20 KB (20,480 B);
 *           the event registration form, its own chunk fetched on register() (issue 31) <= 8 KB;
 *           the phone package (intl-tel-input with its CSS, its utilities, flags) loads after the form is usable, reported only
 *   site:   the home page's first load (entry + static imports + the home page chunk) <= 60 KB
 * Exits 1 above a budget. `node scripts/size.mjs <dir>` measures another build folder than dist
 * (test/unit/widget-size.test.ts checks a too-big one fails).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const dist = process.argv[2] ?? 'dist';
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`.padStart(9) + ` ${String(bytes).padStart(6)} B`;
let failed = false;

function report(label, bytes, budget) {
  const ok = budget === null || bytes <= budget;
  if (!ok) failed = true;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label.padEnd(56)} ${fmt(bytes)}${budget ? `  (budget ${fmt(budget).trim()})` : ''}`);
}

/** The widget folder's built files whose names match. */
const widgetChunks = (pattern) =>
  readdirSync(join(dist, 'widget'))
    .filter((name) => pattern.test(name))
    .map((name) => `widget/${name}`);

for (const f of ['widget/college-inquiry.js', 'widget/college-inquiry-form.js', 'site-chunks.json']) {
  if (!existsSync(join(dist, f))) {
    console.error(`${join(dist, f)} is missing: run npm run build first.`);
    process.exit(1);
  }
}

const loader = gz('widget/college-inquiry.js');
report('widget: loader college-inquiry.js (gzip)', loader, 4 * KB);
const form = gz('widget/college-inquiry-form.js');
report('widget: inquiry form + CSS college-inquiry-form.js (gzip)', form, null);
report('widget: loader + inquiry form + CSS (gzip)', loader + form, 20 * KB);
const registration = widgetChunks(/^college-inquiry-registration-.*\.js$/);
if (registration.length !== 1) {
  console.error(
    `Expected one registration chunk (college-inquiry-registration-*.js) in ${join(dist, 'widget')}, found ${registration.length}.`,
  );
  process.exit(1);
}
report('widget: registration form, on register() (gzip)', gz(registration[0]), 8 * KB);
for (const file of widgetChunks(/^college-inquiry-phone-input-.*\.js$/))
  report('widget: phone input + its CSS, after the form (gzip)', gz(file), null);
if (existsSync(join(dist, 'widget/phone-utils.js')))
  report('widget: phone-utils.js, after the form (gzip)', gz('widget/phone-utils.js'), null);

const chunks = JSON.parse(readFileSync(join(dist, 'site-chunks.json'), 'utf8'));
const firstLoad = new Set();
const addWithImports = (file) => {
  if (firstLoad.has(file)) return;
  firstLoad.add(file);
  for (const dep of chunks[file]?.imports ?? []) addWithImports(dep);
};
for (const [file, chunk] of Object.entries(chunks)) if (chunk.isEntry) addWithImports(file);
// The home page's own chunk (and its static imports), when pages are split out of the entry.
for (const [file, chunk] of Object.entries(chunks)) if (chunk.module && /pages\/HomePage\.tsx$/.test(chunk.module)) addWithImports(file);
const siteBytes = [...firstLoad].reduce((sum, file) => sum + gz(`site/${file}`), 0);
report(`site: home first load JS, ${firstLoad.size} files (gzip)`, siteBytes, 60 * KB);
const allSite = Object.keys(chunks).reduce((sum, file) => sum + gz(`site/${file}`), 0);
report(`site: all JS, ${Object.keys(chunks).length} files (gzip)`, allSite, null);

if (failed) {
  console.error('\nA size budget is exceeded.');
  process.exit(1);
}
