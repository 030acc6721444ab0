// Lint: typescript-eslint's recommended rules, React hooks rules, and the architecture's one hard
// boundary: a remote never imports another remote (cross-remote links go through the SDK).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['mfe-catalog', 'mfe-swaps', 'mfe-orders', 'mfe-account'];

const noCrossRemoteImports = (self) => ({
  files: [`${self}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: remotes
          .filter((r) => r !== self)
          .flatMap((r) => [
            { group: [`**/${r}/**`, `**/${r}`], message: 'Remotes never import each other; use the SDK.' },
            { group: [`@swapstuff/${r}`, `@swapstuff/${r}/**`], message: 'Remotes never import each other; use the SDK.' },
          ]),
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-types/**', 'data/**', 'e2e/.data/**', 'coverage/**', 'test-results/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...remotes.map(noCrossRemoteImports),
);
