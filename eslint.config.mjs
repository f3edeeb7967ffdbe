/**
 * `npm run lint` (ESLint part): JavaScript's and typescript-eslint's recommended rules, without
 * type information (a type-aware run would build the whole program again, which `npm run
 * typecheck` already does), and the two rules of hooks for the React code. Import circles are
 * checked by scripts/import-cycles.mjs, copied blocks by jscpd, layout by Prettier.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        // Fields are dropped from a record by destructuring them beside `...rest`, and a parameter
        // or binding kept only for its place or type starts with `_`.
        { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // It reports a variable's first value when the variable is assigned in `try` and read in
      // `finally` or after `catch`, where that first value is what is read when the `try` throws.
      'no-useless-assignment': 'off',
    },
  },
  {
    files: ['widget/**', 'site/**', 'src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['widget/**/*.tsx', 'site/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Functions handed to the browser by Playwright (page.evaluate) run there, not in Node.
    files: ['scripts/bench/**', 'test/browser/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
