#!/usr/bin/env node
/**
 * `npm run size`: gzip sizes of what ships, checked against the budgets (docs/benchmarks.md).
 *   widget: the loader college-inquiry.js <= 6 KB; loader + form (its CSS is inside it) <= 32 KB;
 *           the event registration form (issue 24, inside the form file) adds <= 8 KB to the form;
 *           the phone package (intl-tel-input, its utilities, flags) loads after the form is usable, reported only
 *   site:   the home page's first load (entry + static imports + the home page chunk) <= 60 KB
 * Exits 1 above a budget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
let failed = false;

function report(label, bytes, budget) {
  const ok = budget === null || bytes <= budget;
  if (!ok) failed = true;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label.padEnd(46)} ${fmt(bytes).padStart(9)}${budget ? `  (budget ${fmt(budget)})` : ''}`);
}

for (const f of ['dist/widget/college-inquiry.js', 'dist/widget/college-inquiry-form.js', 'dist/site-chunks.json']) {
  if (!existsSync(f)) {
    console.error(`${f} is missing: run npm run build first.`);
    process.exit(1);
  }
}

const loader = gz('dist/widget/college-inquiry.js');
report('widget: loader college-inquiry.js (gzip)', loader, 6 * KB);
const formCode = gz('dist/widget/college-inquiry-form.js');
report('widget: loader + form + CSS (gzip)', loader + formCode, 32 * KB);
// Issue 24: the registration form lives in the form file (one download, no second round trip on
// register()); what it adds is the form file against its gzip size before it (18,116 bytes, measured as here: Node zlib level 9, built from 1ddb436).
const FORM_BEFORE_REGISTRATION = 18_116;
report('widget: registration form, in the form (gzip)', formCode - FORM_BEFORE_REGISTRATION, 8 * KB);
const phone = readdirSync('dist/widget').filter((f) => /^college-inquiry-phone-input-.*\.js$/.test(f));
for (const file of phone) report('widget: phone input, after the form (gzip)', gz(`dist/widget/${file}`), null);
if (existsSync('dist/widget/phone-utils.js'))
  report('widget: phone-utils.js, after the form (gzip)', gz('dist/widget/phone-utils.js'), null);

const chunks = JSON.parse(readFileSync('dist/site-chunks.json', 'utf8'));
const firstLoad = new Set();
const addWithImports = (file) => {
  if (firstLoad.has(file)) return;
  firstLoad.add(file);
  for (const dep of chunks[file]?.imports ?? []) addWithImports(dep);
};
for (const [file, chunk] of Object.entries(chunks)) if (chunk.isEntry) addWithImports(file);
// The home page's own chunk (and its static imports), when pages are split out of the entry.
for (const [file, chunk] of Object.entries(chunks)) if (chunk.module && /pages\/HomePage\.tsx$/.test(chunk.module)) addWithImports(file);
const siteBytes = [...firstLoad].reduce((sum, file) => sum + gz(`dist/site/${file}`), 0);
report(`site: home first load JS, ${firstLoad.size} files (gzip)`, siteBytes, 60 * KB);
const allSite = Object.keys(chunks).reduce((sum, file) => sum + gz(`dist/site/${file}`), 0);
report(`site: all JS, ${Object.keys(chunks).length} files (gzip)`, allSite, null);

if (failed) {
  console.error('\nA size budget is exceeded.');
  process.exit(1);
}
