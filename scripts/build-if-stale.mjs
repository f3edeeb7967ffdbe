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
  // The server bundles the site's components too (it renders them).
  server: { file: 'dist/server/main.mjs', sources: ['server', 'site', 'src'] },
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

const BUILD = fileURLToPath(new URL('./build.mjs', import.meta.url));

if (stale.length > 0) {
  const firstTime = stale.length === Object.keys(outputs).length;
  console.log(
    firstTime
      ? 'First start: building the widget, the site and the server into dist/ (once; later starts reuse them).'
      : `Rebuilding what changed: ${stale.join(', ')}.`,
  );
  // In a child process, so the server started next does not inherit the build's memory.
  const started = Date.now();
  const result = spawnSync(process.execPath, [BUILD, ...stale], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.log('The build failed (see above).');
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
