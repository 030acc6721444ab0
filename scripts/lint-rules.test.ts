/**
 * The architecture's import rules fire: each fixture (scripts/lint-fixtures) is linted by the project's
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

it('refuses an api path typed by hand in a front end, in a string or a template', () => {
  const messages = lintAs('api-path.tsx.fixture', 'mfe-catalog/src/api-path.tsx');
  const refused = messages.filter(
    (m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('through the endpoint table'),
  );
  expect(refused).toHaveLength(2);
});
