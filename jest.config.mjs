/**
 * One jest run for everything: unit, API (real database) and browser (real Chromium) tests.
 * TypeScript is compiled by SWC to native ESM (jest runs with --experimental-vm-modules, which
 * PGlite needs). React is mapped to Preact by the table rollup aliases it with
 * (scripts/preact-aliases.mjs), so tests exercise what ships.
 */
import { exactly, REACT_ON_PREACT, SYNC_EXTERNAL_STORE_SHIM } from './scripts/preact-aliases.mjs';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic', importSource: 'preact' } },
    },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': swc,
  },
  // light-my-request is pinned to 6.6.0 (package.json overrides), whose cookie@1 is CommonJS and
  // supports Node 20: nothing in node_modules needs compiling.
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: {
    ...Object.fromEntries(Object.entries(REACT_ON_PREACT).map(([react, preact]) => [exactly(react), preact])),
    // The server renders the site: wouter's CommonJS shim is replaced by compat's own hook.
    [`^${SYNC_EXTERNAL_STORE_SHIM}(/index\\.js)?$`]: '<rootDir>/test/support/use-sync-external-store.ts',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Hooks too: a server start (database clone, migrations, the job queue's workers) can take over
  // 30 s while two browser suites load the machine, and a slow day of this shared machine stretches
  // everything 2.5x (2026-11-28: a backup test of one minute alone took five beside the suite).
  // Time limits are room, not budgets: budgets are test/budgets/ and npm run bench.
  testTimeout: 180000,
  // Three workers on two cores: a third fills the time the others wait on Chromium, PostgreSQL and
  // SMTP (the whole suite in 618 s with three, the cores 90 % busy; docs/benchmarks.md#suite-time).
  maxWorkers: 3,
};
