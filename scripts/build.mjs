#!/usr/bin/env node
/**
 * Builds the parts of dist/ (all three, or those named) in one process, side by side: the builds
 * share one TypeScript program (rollup.config.mjs), terser minifies in worker threads and the
 * browser files are precompressed on libuv's threads as soon as their part is written.
 * `npm run build` and scripts/build-if-stale.mjs (so `npm start` and `npm test`) run it.
 * Usage: node scripts/build.mjs [widget] [site] [server]
 */
import { dirname, relative, sep } from 'node:path';
import { rollup } from 'rollup';
import { precompress } from './precompress.mjs';

const PARTS = ['widget', 'site', 'server'];

const named = process.argv.slice(2);
const unknown = named.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`Unknown part: ${unknown.join(', ')} (the parts are ${PARTS.join(', ')}).`);
  process.exit(2);
}
const parts = named.length > 0 ? named : PARTS;

// rollup.config.mjs builds the targets TARGET names, all from one import (so one TypeScript program).
process.env.TARGET = parts.join(',');
const { default: configs } = await import('../rollup.config.mjs');

/** dist/<part>/…: the part a configuration writes. */
const partOf = ({ output }) => relative('dist', output.dir ?? dirname(output.file)).split(sep)[0];

async function build(part) {
  const started = Date.now();
  for (const config of configs.filter((candidate) => partOf(candidate) === part)) {
    const bundle = await rollup(config);
    try {
      await bundle.write(config.output);
    } finally {
      await bundle.close();
    }
  }
  if (part !== 'server') await precompress(`dist/${part}`);
  console.log(`  ${part}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  await Promise.all(parts.map(build));
} catch (error) {
  // Rollup's errors carry the file, the position and the code around it.
  const where = error.loc ? ` (${error.loc.file}:${error.loc.line}:${error.loc.column})` : '';
  console.error(`Build failed: ${error.message}${where}${error.frame ? `\n${error.frame}` : ''}`);
  process.exit(1);
}
