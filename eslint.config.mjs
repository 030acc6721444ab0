// Lint: typescript-eslint's recommended rules, React hooks rules, and three import rules of the
// architecture: a remote never imports another remote (cross-remote links go through the SDK), an api
// feature never reaches into another one's files (only its index.ts), and nobody imports the root of
// @ant-design/icons (a federation singleton cannot be tree-shaken, so the
// root would ship every icon: import each one, `@ant-design/icons/BellOutlined`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.mjs';

/** The remotes are the workspaces named mfe-*: a new one is linted as a remote with no edit here. */
const { workspaces } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const remotes = workspaces.filter((dir) => dir.startsWith('mfe-'));

/**
 * The apps share react-router-dom as build/shared/react-router-dom.mjs, which re-exports only the
 * router API the site uses (a shared module cannot be tree-shaken): anything else would be undefined
 * at run time. Type imports are free.
 */
const routerFacade = readFileSync(new URL('./build/shared/react-router-dom.mjs', import.meta.url), 'utf8');
const routerNames = [...routerFacade.matchAll(/^ {2}(\w+),$/gm)].map((m) => m[1]);
const routerPaths = [
  {
    name: 'react-router-dom',
    allowImportNames: routerNames,
    allowTypeImports: true,
    message: 'Not in the shared router (build/shared/react-router-dom.mjs): add it there first.',
  },
  { name: 'react-router', allowTypeImports: true, message: 'Import the shared react-router-dom.' },
];

const ICONS_MESSAGE =
  'Import each icon from its own path (@ant-design/icons/BellOutlined): the shared root ships every icon.';

/** The icon-library entry points that hold every icon; `paths` match these exact specifiers only. */
const iconRoots = [
  '@ant-design/icons',
  '@ant-design/icons/es',
  '@ant-design/icons/lib',
  '@ant-design/icons/es/icons',
  '@ant-design/icons/lib/icons',
].map((name) => ({ name, message: ICONS_MESSAGE }));

/**
 * One import-restriction setting per file: ESLint replaces a rule's options when a later config sets
 * the same rule, so the remotes' entries repeat the shared paths next to their own patterns.
 * (typescript-eslint's version of the core rule: it can let type-only imports through.)
 */
const restrictedImports = (patterns = []) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { paths: [...iconRoots, ...routerPaths], patterns }],
});

const API_PATH_MESSAGE =
  'Call the api through the endpoint table: api.call(endpoints.<name>, input) (contracts/src/endpoints.ts).';

/** A string, or a piece of a template string, that starts with an api path. */
const apiPathIn = (node) => ({
  selector: `${node}[${node === 'Literal' ? 'value' : 'value.raw'}=/^\\/api(\\/|$)/]`,
  message: API_PATH_MESSAGE,
});

const noCrossRemoteImports = (self) => ({
  files: [`${self}/**/*.{ts,tsx}`],
  rules: restrictedImports(
    remotes
      .filter((r) => r !== self)
      .flatMap((r) => [
        { group: [`**/${r}/**`, `**/${r}`], message: 'Remotes never import each other; use the SDK.' },
        { group: [`@swapstuff/${r}`, `@swapstuff/${r}/**`], message: 'Remotes never import each other; use the SDK.' },
      ]),
  ),
});

/**
 * Money is whole cents, handled by contracts' Money (ARCHITECTURE.md §4): what a name calls a price, an
 * amount, cents, dollars or a fee is never multiplied, divided or read as a float, nor written with
 * toFixed. Adding and comparing cents stays allowed: integers add exactly.
 */
const MONEY_NAME = '/price|cents|dollars|amount|money|fee|payout|balance/i';
const MONEY_MESSAGE =
  'Money is whole cents: use Money from @swapstuff/contracts (parse, toWire, format), not float arithmetic.';
/** `price`, `row.price_cents`, `centsToDollars(…)`: a value whose name says it is money */
const moneyOperand = `:matches(Identifier[name=${MONEY_NAME}], MemberExpression[property.name=${MONEY_NAME}], CallExpression[callee.name=${MONEY_NAME}])`;
const noFloatMoney = [
  `BinaryExpression[operator=/^[*\\/%]$/] > ${moneyOperand}`,
  `AssignmentExpression[operator=/^[*\\/%]=$/] > ${moneyOperand}.left`,
  `CallExpression[callee.name=/^(Number|parseFloat|parseInt)$/] > ${moneyOperand}.arguments`,
  `CallExpression[callee.property.name=/^(toFixed|toPrecision)$/] > MemberExpression.callee > ${moneyOperand}.object`,
].map((selector) => ({ selector, message: MONEY_MESSAGE }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-types/**',
      'data/**',
      'e2e/.data/**',
      'coverage/**',
      'test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      ...restrictedImports(),
      'no-restricted-syntax': ['error', ...noFloatMoney],
    },
  },
  {
    // components, and the hooks of the front ends that live in .ts files
    files: ['**/*.tsx', 'shell/**/*.ts', 'mfe-*/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...remotes.map(noCrossRemoteImports),
  {
    // the browser reaches the api through the endpoint table only: a path typed by hand has no input or
    // answer type and drifts from the api (tests may still spell out what went over the wire)
    files: ['shell/src/**/*.{ts,tsx}', 'shell/sdk/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      // (ESLint replaces a rule's options per file: the money rules are repeated here)
      'no-restricted-syntax': ['error', ...noFloatMoney, ...['Literal', 'TemplateElement'].map(apiPathIn)],
    },
  },
  {
    // one way to open a transaction in the api: withTransaction retries the deadlock victims MySQL picks
    files: ['bff/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noFloatMoney,
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Use withTransaction from @swapstuff/db: it retries a transaction the database chose as a deadlock victim.',
        },
      ],
    },
  },
  {
    // api features use each other through their index.ts only (scripts/eslint/feature-boundaries.mjs)
    files: ['bff/**/*.ts'],
    plugins: { swapstuff: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'swapstuff/feature-boundaries': 'error' },
  },
  // the shared router is where react-router itself is imported
  { files: ['build/shared/react-router-dom.mjs'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
);
