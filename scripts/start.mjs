#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing or stale, then runs the server. Extra arguments are
 * passed on (`npm run add-staff -- someone@college.ca "Their Name"`).
 */
import module from 'node:module';

// Node keeps the compiled code of the server bundle and its dependencies on disk (in the OS's
// temporary folder), so a restart skips most of the ~0.8 s spent compiling modules (issue 31).
module.enableCompileCache();

await import('./build-if-stale.mjs');
await import(new URL('../dist/server/main.mjs', import.meta.url).href);
