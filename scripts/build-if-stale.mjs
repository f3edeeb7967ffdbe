#!/usr/bin/env node
/**
 * Builds whatever is missing or older than its sources (`npm start` and `npm test` run it first,
 * so a fresh clone needs no separate build step).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outputs = {
  widget: { file: 'dist/widget/college-inquiry.js', sources: ['widget', 'src'] },
  site: { file: 'dist/site/index.html', sources: ['site', 'src'] },
  server: { file: 'dist/server/main.mjs', sources: ['server', 'src'] },
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const stale = Object.entries(outputs)
  .filter(([, { file, sources }]) => {
    if (!existsSync(file)) return true;
    const built = statSync(file).mtimeMs;
    return sources.some((dir) => existsSync(dir) && newestMtime(dir) > built);
  })
  .map(([name]) => name);

const ROLLUP = fileURLToPath(new URL('../node_modules/rollup/dist/bin/rollup', import.meta.url));

const PRECOMPRESS = fileURLToPath(new URL('./precompress.mjs', import.meta.url));

const WHAT = {
  widget: 'the inquiry widget',
  site: 'the college site and CRM',
  server: 'the API server',
};

if (stale.length > 0) {
  const firstTime = stale.length === Object.keys(outputs).length;
  console.log(firstTime
    ? `First start: building ${stale.length} parts into dist/ (about 2 minutes, once; later starts reuse them).`
    : `Rebuilding what changed: ${stale.join(', ')}.`);
  // One target at a time, so a newcomer sees progress. TARGET goes in the environment, not
  // through `--environment`: rollup splits that flag's value at commas.
  for (const [index, name] of stale.entries()) {
    const started = Date.now();
    process.stdout.write(`  [${index + 1}/${stale.length}] ${WHAT[name]} … `);
    const result = spawnSync(process.execPath, [ROLLUP, '-c', '--silent'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, TARGET: name },
    });
    if (result.status !== 0) {
      console.log('failed (see above)');
      process.exit(result.status ?? 1);
    }
    if (name !== 'server') spawnSync(process.execPath, [PRECOMPRESS, `dist/${name}`], { stdio: 'inherit' });
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
