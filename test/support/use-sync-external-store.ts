/**
 * wouter imports React's CommonJS shim of useSyncExternalStore, which jest (Node 20, ESM) cannot
 * require; on Preact it only re-exports compat's own hook, so tests map it here (the server build
 * maps it the same way in rollup.config.mjs).
 */
export { useSyncExternalStore } from 'preact/compat';
