/**
 * Three builds, all by rollup:
 *   widget  widget/index.tsx  -> dist/widget/college-inquiry.js       (the loader, IIFE, no UI library)
 *           widget/mount.ts   -> dist/widget/college-inquiry-form.js  (the inquiry form, ES module, React -> preact/compat)
 *                                + college-inquiry-registration-[hash].js (the event registration form, issue 31)
 *                                + college-inquiry-phone-input-[hash].js  (the phone package)
 *   site    site/main.tsx     -> dist/site/ (ESM, one chunk per page, index.html shell)
 *   server  server/main.ts    -> dist/server/main.mjs (Node ESM, dependencies external; it also
 *           holds the site's components, which it renders with preact-render-to-string)
 * `rollup -c --environment TARGET:widget` builds one of them.
 * Type errors do not stop a build: `npm run typecheck` is the type gate (CI runs it).
 */
import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { exactly, REACT_ON_PREACT, SYNC_EXTERNAL_STORE_SHIM } from './scripts/preact-aliases.mjs';
import { cleanOutput, copyFiles, minifyCss, removeFiles, sharedAcrossBuilds, siteShell } from './scripts/rollup-plugins.mjs';
import { IMAGE_MODULE, imageFiles, imageModuleSource } from './scripts/site-images.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const require = createRequire(import.meta.url);
const production = process.env.ROLLUP_WATCH !== 'true';

/** React code runs on preact/compat (scripts/preact-aliases.mjs). */
const preactAliases = alias({
  entries: Object.entries(REACT_ON_PREACT).map(([react, preact]) => ({ find: new RegExp(exactly(react)), replacement: preact })),
});

/**
 * TypeScript is compiled without type checking (`noCheck`): `npm run typecheck` is the type gate,
 * and checking the whole project again inside every build tripled the first start. A one-off
 * build shares one program between its builds (scripts/rollup-plugins.mjs); watch mode keeps one
 * per build.
 */
const typescriptPlugin = ({ sourceMap }) =>
  typescript({
    tsconfig: './tsconfig.json',
    noEmitOnError: false,
    compilerOptions: { noEmit: false, noCheck: true, declaration: false, sourceMap, types: ['node'] },
    include: ['src/**/*', 'widget/**/*', 'site/**/*', 'server/**/*'],
    exclude: ['test/**/*'],
  });
const sharedTypescript = production ? sharedAcrossBuilds(typescriptPlugin({ sourceMap: true })) : null;
const ts = ({ sourceMap = false } = {}) => sharedTypescript ?? typescriptPlugin({ sourceMap });

const browserPlugins = () => [
  preactAliases,
  replace({
    preventAssignment: true,
    values: { 'process.env.NODE_ENV': JSON.stringify('production'), __APP_VERSION__: JSON.stringify(pkg.version) },
  }),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs(),
  ts(),
];

/** ASCII-only output: intl-tel-input has a regex that breaks on pages not served as UTF-8.
 *  Comments starting with '!' (the version banner) are kept. */
const minify = () => terser({ format: { ascii_only: true, comments: /^!/ }, compress: { passes: 2 } });

const onwarn = (warning, warn) => {
  // react-toastify ships a "use client" directive meant for React Server Components.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
};

/**
 * The widget imports CSS files as strings for its shadow root: comments and spaces squeezed out,
 * and `:root` (where both libraries put their variables) rewritten to `:host`.
 */
const cssAsString = () => ({
  name: 'css-as-string',
  transform(code, id) {
    if (!id.endsWith('.css')) return null;
    const css = minifyCss(code).replace(/:root\b/g, ':host');
    return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
  },
});

/** The form code, fetched by the loader on intent or open() (an ES module, our own origin). */
const WIDGET_FORM_FILE = 'college-inquiry-form.js';
/** The URL the loader imports it by: the version keeps a loader and its form together across deploys. */
const WIDGET_FORM_URL = `${WIDGET_FORM_FILE}?v=${pkg.version}`;
/** The form's lazily loaded chunks (content-hashed, so cached for good); old ones are removed before a build. */
const WIDGET_CHUNKS = /^college-inquiry-(phone-input|registration)-.*\.js(\.gz|\.br)?$/;

/**
 * A chunk that imports the form's own code (the registration form uses its fields, hooks and
 * Preact) must name it by the very URL the loader imported, query included: a module is one
 * instance per URL, and a second copy of the form file would bring a second Preact.
 */
const importFormByLoaderUrl = () => ({
  name: 'import-form-by-loader-url',
  renderChunk(code, chunk) {
    if (chunk.isEntry || !chunk.imports.includes(WIDGET_FORM_FILE)) return null;
    const bare = /(\bfrom\s*|\bimport\s*\(\s*)(['"])\.\/college-inquiry-form\.js\2/g;
    const renamed = code.replace(bare, (_, keyword, quote) => `${keyword}${quote}./${WIDGET_FORM_URL}${quote}`);
    if (renamed === code) this.error(`${chunk.fileName} imports ${WIDGET_FORM_FILE} in a way this plugin does not know`);
    return { code: renamed, map: null };
  },
});

const widgetForm = {
  input: 'widget/mount.ts',
  onwarn,
  // The entry also exports what its chunks import from it, rather than getting a facade file
  // (one more request, one after the other, before the form can show).
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist/widget',
    format: 'es',
    entryFileNames: WIDGET_FORM_FILE,
    // The registration form (on register()) and the phone package (after the form is usable).
    chunkFileNames: 'college-inquiry-[name]-[hash].js',
    banner: `/*! College Inquiry widget form v${pkg.version} */`,
  },
  plugins: [
    removeFiles('dist/widget', WIDGET_CHUNKS),
    cssAsString(),
    ...browserPlugins(),
    // The phone-validation utilities load lazily from our own origin, never a third-party CDN,
    // and so do the flag sprites the phone input's country list shows.
    copyFiles([
      { from: 'node_modules/intl-tel-input/dist/js/utils.js', to: 'dist/widget/phone-utils.js' },
      { from: 'node_modules/intl-tel-input/dist/img/flags.webp', to: 'dist/widget/flags.webp' },
      { from: 'node_modules/intl-tel-input/dist/img/flags@2x.webp', to: 'dist/widget/flags@2x.webp' },
    ]),
    importFormByLoaderUrl(),
    production && minify(),
  ],
};

/** The loader at the stable URL partners embed: API, queue, openers, events; no UI library. */
const widgetLoader = {
  input: 'widget/index.tsx',
  onwarn,
  output: {
    file: 'dist/widget/college-inquiry.js',
    format: 'iife',
    banner: `/*! College Inquiry widget v${pkg.version} */`,
  },
  plugins: [
    replace({ preventAssignment: true, values: { __FORM_FILE__: JSON.stringify(WIDGET_FORM_URL) } }),
    ...browserPlugins(),
    production && minify(),
  ],
};

/** The site's illustrations, under content-hashed names; the names the code uses must match (scripts/site-images.mjs). */
const siteImages = () => {
  const images = imageFiles();
  return [
    {
      name: 'site-images-check',
      buildStart() {
        if (readFileSync(IMAGE_MODULE, 'utf8') !== imageModuleSource(images)) {
          this.error(`${IMAGE_MODULE} is out of date with site/images: run node scripts/site-images.mjs`);
        }
      },
    },
    copyFiles(images.map((image) => ({ from: image.from, to: `dist/site/assets/img/${image.file}` }))),
  ];
};

const site = {
  input: { app: 'site/main.tsx' },
  onwarn,
  output: {
    dir: 'dist/site',
    format: 'es',
    entryFileNames: 'assets/[name]-[hash].js',
    chunkFileNames: 'assets/[name]-[hash].js',
    assetFileNames: 'assets/[name]-[hash][extname]',
  },
  plugins: [
    cleanOutput('dist/site'),
    ...browserPlugins(),
    ...siteImages(),
    copyFiles([{ from: 'site/no-script.css', to: 'dist/site/no-script.css' }]),
    siteShell({
      cssDir: 'site/styles',
      template: 'site/index.html',
      libraryCss: [require.resolve('react-toastify/ReactToastify.css')],
    }),
    production && minify(),
  ],
};

const external = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...Object.keys(pkg.dependencies)];

/**
 * The server renders the site's React code on Preact too, from node_modules at run time (one
 * Preact instance shared with preact-render-to-string). wouter imports `react` itself, so it is
 * bundled, where this mapping reaches it.
 */
const preactOnServer = () => ({
  name: 'preact-on-server',
  resolveId(source) {
    const preact = REACT_ON_PREACT[source] ?? (source.startsWith(SYNC_EXTERNAL_STORE_SHIM) ? 'preact/compat' : undefined);
    if (preact) return { id: preact, external: true };
    return null;
  },
});
const bundledOnServer = new Set(['wouter']);

const server = {
  input: 'server/main.ts',
  onwarn,
  output: { file: 'dist/server/main.mjs', format: 'es', sourcemap: true, inlineDynamicImports: true },
  external: (id) => !bundledOnServer.has(id) && external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
  plugins: [
    preactOnServer(),
    replace({ preventAssignment: true, values: { __APP_VERSION__: JSON.stringify(pkg.version) } }),
    nodeResolve({ preferBuiltins: true, extensions: ['.mjs', '.js', '.ts', '.json'] }),
    ts({ sourceMap: true }),
  ],
};

const targets = { widget: [widgetForm, widgetLoader], site, server };
const chosen = (process.env.TARGET ? process.env.TARGET.split(',').map((t) => targets[t]) : Object.values(targets)).flat();
export default chosen;
