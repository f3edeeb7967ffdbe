/** The product version, injected by rollup from package.json at build time (tests: 'dev'). */
declare const __APP_VERSION__: string | undefined;
export const VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
