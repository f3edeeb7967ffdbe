#!/usr/bin/env node
/**
 * Builds whatever is missing or older than its sources (`npm start` and `npm test` run it first,
 * so a fresh clone needs no separate build step).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

if (stale.length > 0) {
  console.log(`Building ${stale.join(', ')} ...`);
  // TARGET goes in the environment, not through `--environment`: rollup splits that flag's value
  // at commas, so `TARGET:widget,site` would build the widget only.
  const result = spawnSync('npx', ['rollup', '-c', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, TARGET: stale.join(',') },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

