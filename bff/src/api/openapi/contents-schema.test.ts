import { readFileSync } from 'node:fs';

const { contentsSchema, OUTPUT } = require('../../../../scripts/contents-schema.js') as {
  contentsSchema(): string;
  OUTPUT: string;
};

jest.setTimeout(60_000);

it('holds the schemas of the answers as contracts types them (npm run openapi:contents writes them)', () => {
  expect(readFileSync(OUTPUT, 'utf8')).toBe(contentsSchema());
});
