/**
 * The architecture's rules fire (imports, money): each fixture (scripts/lint-fixtures) is linted by the project's
 * own ESLint config as if it lived where it names, and must be reported by the rule it breaks; the
 * allowed import must not be.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const eslint = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** ESLint's messages for `fixture` linted at `asPath` (relative to the repository). */
function lintAs(fixture: string, asPath: string): LintMessage[] {
  const text = readFileSync(path.join(root, 'scripts', 'lint-fixtures', fixture), 'utf8');
  let output: string;
  try {
    output = execFileSync(process.execPath, [eslint, '--format', 'json', '--stdin', '--stdin-filename', asPath], {
      cwd: root,
      input: text,
      encoding: 'utf8',
    });
  } catch (err) {
    // exit code 1: problems found, the report is on stdout all the same
    output = (err as { stdout: string }).stdout;
  }
  const [result] = JSON.parse(output) as { messages: LintMessage[] }[];
  return result.messages;
}

jest.setTimeout(60_000);

it('refuses a deep import across api features', () => {
  const messages = lintAs('deep-import.ts.fixture', 'bff/src/api/likes/deep-import.ts');
  expect(messages).toContainEqual(
    expect.objectContaining({
      ruleId: 'swapstuff/feature-boundaries',
      message: expect.stringContaining("'../products'"),
    }),
  );
});

it('lets a feature use another through its index', () => {
  const messages = lintAs('index-import.ts.fixture', 'bff/src/api/likes/index-import.ts');
  expect(messages.filter((m) => m.ruleId === 'swapstuff/feature-boundaries')).toEqual([]);
});

it('refuses an import between remotes', () => {
  const messages = lintAs('cross-remote.tsx.fixture', 'mfe-catalog/src/cross-remote.tsx');
  expect(messages).toContainEqual(
    expect.objectContaining({
      ruleId: '@typescript-eslint/no-restricted-imports',
      message: expect.stringContaining('Remotes never import each other'),
    }),
  );
});

it('refuses float arithmetic on money, wherever the code lives', () => {
  for (const asPath of [
    'bff/src/api/products/float-money.ts',
    'mfe-catalog/src/float-money.ts',
    'db/src/float-money.ts',
  ]) {
    const refused = lintAs('float-money.ts.fixture', asPath).filter((m) =>
      m.message.startsWith('Money is whole cents'),
    );
    // one message for each of the fixture's six lines
    expect({ asPath, refused: refused.length }).toEqual({ asPath, refused: 6 });
  }
});

it('lets whole cents be added and compared, and Money read and write them', () => {
  const messages = lintAs('whole-cents.ts.fixture', 'bff/src/api/products/whole-cents.ts');
  expect(messages.filter((m) => m.message.startsWith('Money is whole cents'))).toEqual([]);
});

it('refuses an api path typed by hand in a front end, in a string or a template', () => {
  const messages = lintAs('api-path.tsx.fixture', 'mfe-catalog/src/api-path.tsx');
  const refused = messages.filter(
    (m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('through the endpoint table'),
  );
  expect(refused).toHaveLength(2);
});
