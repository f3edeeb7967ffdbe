#!/usr/bin/env node
/**
 * `npm run dev`: rollup rebuilds widget, site and server on change, and node restarts the server
 * whenever dist/ changes (the server holds the built files in memory).
 */
import { spawn } from 'node:child_process';
import './build-if-stale.mjs';

const children = [
  spawn('npx', ['rollup', '-c', '--watch', '--silent'], { stdio: 'inherit', env: { ...process.env, ROLLUP_WATCH: 'true' } }),
  spawn(process.execPath, ['--watch-path=dist', 'dist/server/main.mjs'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
