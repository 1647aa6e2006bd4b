// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// DOM and browser-storage globals: the pure rules in src/core must not touch them, and the worker has no DOM.
const domGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'HTMLElement', 'Element', 'alert', 'confirm'];
const ioGlobals = ['fetch', 'indexedDB', 'XMLHttpRequest', 'WebSocket'];

/** What src/app may not import: the worker's code (its face in src/worker/contract/ is types only) and IndexedDB. */
const appImportRules = [
  {
    group: ['**/worker/**', '!**/worker/contract', '!**/worker/contract/**'],
    message: 'The UI talks to the worker only through src/worker/contract/ (types) and the Comlink client.',
  },
  { group: ['dexie', 'dexie/*'], message: 'IndexedDB belongs to the data worker.' },
];

const noGlobals = (names, why) => names.map((name) => ({ name, message: `${name} is not allowed here: ${why}` }));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'data-*/**', 'test-results/**', 'playwright-report/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: appImportRules }],
      'no-restricted-globals': ['error', ...noGlobals(ioGlobals, 'network and IndexedDB belong to the data worker (src/worker).')],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Network calls belong to the data worker (src/worker).' },
        { object: 'globalThis', property: 'fetch', message: 'Network calls belong to the data worker (src/worker).' },
        { object: 'self', property: 'fetch', message: 'Network calls belong to the data worker (src/worker).' },
        { object: 'window', property: 'indexedDB', message: 'IndexedDB belongs to the data worker (src/worker).' },
      ],
    },
  },
  {
    // The two roads to the worker start in src/app/data/ (requests) and src/app/state/ (the pushed events): only they
    // hold the Comlink client, so every request the UI makes can be found there.
    files: ['src/app/**/*.{ts,tsx}'],
    // (The client itself wraps the worker that worker-launch.ts creates.)
    ignores: ['src/app/data/**', 'src/app/state/**', 'src/app/worker-client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appImportRules,
            { group: ['**/worker-client', '**/worker-client.ts', '**/worker-launch', '**/worker-launch.ts'], message: 'Screens reach the worker through src/app/data/ (requests) and src/app/state/ (pushed state).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...noGlobals([...domGlobals, ...ioGlobals], 'src/core holds pure rules (no DOM, no I/O).'),
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'dexie', 'comlink', 'jotai', '**/app/**', '**/worker/**', 'node:*'], message: 'src/core holds pure rules.' }] },
      ],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    languageOptions: { globals: globals.worker },
    rules: {
      'no-restricted-globals': ['error', ...noGlobals(['window', 'document', 'localStorage', 'sessionStorage', 'alert', 'confirm'], 'the data worker has no DOM.')],
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'jotai', '**/app/**'], message: 'The worker never imports UI code.' }] }],
    },
  },
  {
    files: ['src/sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/worker/**'], message: 'The service worker is independent of app and worker code.' }] }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', '*.config.ts', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
);
