/**
 * ESLint for the webapp (flat config): `npm run lint` (zero warnings allowed; scripts/test-web.sh runs it first).
 *
 * Besides the recommended sets of ESLint, React, React Hooks, import and jsx-a11y, it holds the folder rule of
 * README-map.md: a feature imports only lib/, components/, hooks/ and its own files; app/ composes features;
 * shared folders import no feature and not app/. Only a feature's api.js (and lib/, hooks/) may talk to the
 * HTTP client. Files and component functions stay small (tests exempt).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = fs.readdirSync(path.join(here, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory()).map((d) => d.name);

const TESTS = ['src/**/*.test.{js,jsx}', 'src/test-setup.js', 'e2e/**/*.js'];

/** features/X may import neither another feature nor app/; shared folders import no feature and not app/. */
const layerZones = [
  ...FEATURES.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature imports only lib/, components/, hooks/ and its own files: compose features in app/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'app/ composes features, never the other way round.',
  },
  {
    target: ['./src/lib', './src/components', './src/hooks'],
    from: ['./src/features', './src/app'],
    message: 'Shared pieces (lib/, components/, hooks/) know no feature and no app/.',
  },
];

export default [
  { ignores: ['dist/**', 'node_modules/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  react.configs.flat.recommended,
  react.configs.flat['jsx-runtime'],
  reactHooks.configs.flat.recommended,
  importPlugin.flatConfigs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ['**/*.{js,jsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    settings: {
      react: { version: 'detect' },
      'import/resolver': { node: { extensions: ['.js', '.jsx'] } },
    },
    rules: {
      // Props are described in each component's doc comment; the codebase has no prop-types runtime checks.
      'react/prop-types': 'off',
      'import/first': 'error',
      // eslint-import-resolver-node does not read package.json "exports": these entry points exist only there
      // (Vite resolves and builds them, so a wrong one fails the build).
      'import/no-unresolved': ['error', { ignore: ['^react-grid-layout/legacy$', '^vite$', '^@vitejs/plugin-react$'] }],
      // autoFocus on a DOM element is refused; a component's own autoFocus prop (ReplyBox: focus the box the
      // reader just opened with Reply) moves focus in answer to the reader, which is what the rule allows.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      'import/no-restricted-paths': ['error', { zones: layerZones }],
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/lib/apiClient.js', '**/lib/apiClient', '**/lib/httpClient.js', '**/lib/httpClient'],
          message: 'Server calls live in the feature\'s api.js (or lib/, hooks/): import the named call from there.',
        }],
      }],
      'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // The HTTP client's own doors: lib/ and hooks/ build on it, each feature's api.js names its calls.
    files: ['src/lib/**', 'src/hooks/**', 'src/**/api.js'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['*.config.js', 'i18n-plugin.js', 'scripts/**/*.js', 'e2e/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**/*.js'],
    // Node code driving Chromium, no React: its `useStack()` is a test fixture, not a React hook.
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: TESTS,
    languageOptions: { globals: { ...globals.node, ...globals.vitest } },
    rules: {
      // Tests stub the HTTP client (vi.mock) and render features inside the real store of app/store.js.
      'no-restricted-imports': 'off',
      'import/no-restricted-paths': ['error', {
        zones: layerZones.map((z) => (z.from === './src/app' ? { ...z, except: ['./store.js'] } : z)),
      }],
      // A test file is as long as the behaviour it walks through.
      'max-lines': 'off',
      'max-lines-per-function': 'off',
    },
  },
];
