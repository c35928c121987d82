// `npm run lint`: ESLint (typescript-eslint, react-hooks, jsx-a11y) and the import boundaries of
// docs/ARCHITECTURE.md; Prettier checks the layout (`prettier --check`, also in `npm run lint`).
import { createRequire } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const require = createRequire(import.meta.url);

// Why Node's module loader is patched here: typescript-eslint parses with TypeScript's classic
// compiler API (6.x), which the `typescript` package no longer has (the project type-checks with
// TypeScript 7, and package.json's override makes every package see that one). `typescript-classic`
// is TypeScript 6 installed under another name; typescript-eslint asks for it with a plain
// require('typescript') from inside its own files, which no option of its reaches, so that one name
// is resolved to typescript-classic for this process (ESLint's) only. Drop this once
// typescript-eslint supports TypeScript 7.
const Module = require('node:module');
const classicTypescript = require.resolve('typescript-classic');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? classicTypescript : request, ...rest);
};
const { default: tseslint } = await import('typescript-eslint');

/**
 * The PWA and its service worker take only types from the contract's schemas, and values from its
 * constants, publishing limits and routes (plain values, no TypeBox): a value import would bring TypeBox into their bundles.
 */
const contractValues = {
  regex: '(^|[/@])core/contract(/(?!constants$|publishingLimits$|routes(/|$)).*)?$|^typebox(/|$)|(^|/)server/',
  allowTypeImports: true,
  message:
    'The PWA imports only types from the contract (values from core/contract/constants, publishingLimits and routes), and nothing of the server.',
};

/** Code outside core/ names it by its alias (tsconfig.json's paths, Vite, vitest, esbuild), never by a climb. */
const coreByAlias = { regex: '^(\\.\\.?/)+core(/|$)', message: 'Import the shared core/ as @core/... (its path alias).' };

/** Screens read Dexie through hooks and act through sync/ (or api/ for calls that store nothing). */
const featureBoundaries = {
  patterns: [
    coreByAlias,
    contractValues,
    {
      group: ['**/db/db', '**/db/db.ts'],
      allowTypeImports: true,
      message: 'Read Dexie through a db/ hook or query module; write through sync/.',
    },
    { group: ['ky'], message: 'HTTP goes through src/api/.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'coverage/**', 'bench/.runs/**', 'src/routeTree.gen.ts', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      // Names, paths and terminal output are cleaned of control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The two classic rules; the React Compiler's rules in `recommended` judge code written
      // for the compiler, which this app does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog focuses its least destructive button on opening, as the WAI-ARIA dialog pattern asks.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // Tests, benches and migrations (Kysely<any>, as Kysely documents) read loosely typed JSON.
    files: ['tests/**', 'bench/**', 'server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts', '*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [coreByAlias] }] },
  },
  {
    // core/ is the code both sides share: it may import neither side, nor a Node or browser API.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(src|server|sw)/|^node:', message: 'core/ runs in the browser and on the server alike.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [coreByAlias, { regex: '(^|/)(src|sw)/', message: 'The server never imports the PWA.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [coreByAlias, contractValues] }] },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', featureBoundaries] },
  },
  {
    files: ['src/sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            coreByAlias,
            contractValues,
            { group: ['react', 'react-dom', 'dexie-react-hooks'], message: 'sync/ holds no React.' },
            { group: ['**/lib/saveFile'], message: 'sync/ holds no DOM: downloads belong to features.' },
          ],
        },
      ],
    },
  },
  prettier,
);
