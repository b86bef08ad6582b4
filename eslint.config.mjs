// One flat config for the whole workspace. Not type-aware on purpose: type-aware linting
// re-typechecks every package and doubles CI time on a 2-core machine; `tsc` already runs.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.test-results/**',
      'web/src/routeTree.gen.ts',
      'web/src/locales/**',
      'e2e/output/**',
      'bench/output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  // The web app's layers (issue 28): a feature (web/src/features/X) imports another only through its
  // public index.ts, and the shared layer (components, hooks, lib) imports no feature. A maintained
  // plugin rather than core no-restricted-imports: the rule needs the resolved target of a relative
  // import (which feature, which file in it), which import-string patterns cannot tell apart.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // Element patterns are relative to this folder, wherever ESLint runs from (the web tests run it).
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: ['web/src/components', 'web/src/hooks', 'web/src/lib'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
              message:
                "A feature imports another feature only through that feature's index.ts; code several features share belongs in web/src/components, hooks or lib.",
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                'The shared layer (web/src/components, hooks, lib) imports no feature: a feature offers itself through a slot or its index.ts.',
            },
          ],
        },
      ],
    },
  },
);
