#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing or stale, then runs the server. Extra arguments are
 * passed on (`npm run add-staff -- someone@college.ca "Their Name"`).
 */
import './build-if-stale.mjs';

await import(new URL('../dist/server/main.mjs', import.meta.url).href);
