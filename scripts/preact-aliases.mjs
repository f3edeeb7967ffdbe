/**
 * React code runs on Preact: the one table of what each React module becomes, read by
 * rollup.config.mjs (the browser builds alias these, the server build keeps them external) and by
 * jest.config.mjs (moduleNameMapper), so tests exercise what ships.
 */
export const REACT_ON_PREACT = {
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
};

/**
 * wouter imports React's CommonJS shim of useSyncExternalStore (`…/shim` or `…/shim/index.js`). On
 * Preact it only re-exports compat's own hook, so the server build and jest, which run wouter as an
 * ES module, point it at compat; the browser builds bundle the shim, which finds compat's hook itself.
 */
export const SYNC_EXTERNAL_STORE_SHIM = 'use-sync-external-store/shim';

/** `react/jsx-runtime` -> /^react\/jsx-runtime$/: a module name as an anchored pattern. */
export const exactly = (name) => `^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`;
