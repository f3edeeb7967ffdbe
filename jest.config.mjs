/**
 * One jest run for everything: unit, API (real database) and browser (real Chromium) tests.
 * TypeScript is compiled by SWC to native ESM (jest runs with --experimental-vm-modules, which
 * PGlite needs). React is mapped to preact/compat exactly as rollup aliases it, so tests exercise
 * what ships.
 */
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
    '^react/jsx-runtime$': 'preact/jsx-runtime',
    '^react/jsx-dev-runtime$': 'preact/jsx-runtime',
    '^react-dom/client$': 'preact/compat/client',
    '^react-dom/test-utils$': 'preact/test-utils',
    '^react-dom$': 'preact/compat',
    '^react$': 'preact/compat',
    // The server renders the site: wouter's CommonJS shim is replaced by compat's own hook.
    '^use-sync-external-store/shim(/index\\.js)?$': '<rootDir>/test/support/use-sync-external-store.ts',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
