#!/usr/bin/env node
/**
 * `npm run lint`: ESLint with no warnings allowed, no import circles (scripts/import-cycles.mjs),
 * no copied blocks between product modules outside seed data (jscpd, .jscpd.json), Prettier's
 * layout, and no dead path in the documentation (scripts/check-doc-paths.mjs). Every check runs, so
 * one run lists all that is wrong; exits 1 if any failed.
 */
import { spawnSync } from 'node:child_process';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

// The tools from node_modules/.bin, also when run as `node scripts/lint.mjs` rather than through npm.
const BIN = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const env = { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}` };

const CHECKS = [
  ['eslint', ['eslint', '--max-warnings', '0', '.']],
  ['import circles', ['node', 'scripts/import-cycles.mjs']],
  ['feature boundaries', ['node', 'scripts/feature-boundaries.mjs']],
  ['copied blocks', ['jscpd']],
  ['layout', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['doc paths', ['node', 'scripts/check-doc-paths.mjs']],
];

const failed = [];
for (const [name, [command, ...args]] of CHECKS) {
  console.log(`== ${name}`);
  const { status, error } = spawnSync(command, args, { stdio: 'inherit', env });
  if (status !== 0) failed.push(error ? `${name} (${error.message})` : name);
}
if (failed.length > 0) {
  console.error(`\nlint failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('lint: clean');
