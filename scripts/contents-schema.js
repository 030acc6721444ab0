#!/usr/bin/env node
/**
 * `npm run openapi:contents`: writes the JSON Schemas of every Content the api answers (contracts'
 * `Contents` in endpoints.ts, and the types they use) to bff/src/api/openapi/contents.schema.json, which
 * the OpenAPI document is built from. Generated from the TypeScript types, so the document says what the
 * code says; a unit test fails when the file is behind the types.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const OUTPUT = path.join(root, 'bff', 'src', 'api', 'openapi', 'contents.schema.json');

/** The schema, as the text the file holds. */
function contentsSchema() {
  const { createGenerator } = require('ts-json-schema-generator');
  const schema = createGenerator({
    path: path.join(root, 'contracts', 'src', 'endpoints.ts'),
    tsconfig: path.join(root, 'contracts', 'tsconfig.json'),
    type: 'Contents',
    expose: 'export',
    topRef: false,
    jsDoc: 'basic',
    skipTypeCheck: true,
  }).createSchema('Contents');
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (require.main === module) {
  fs.writeFileSync(OUTPUT, contentsSchema());
  console.log(`wrote ${path.relative(root, OUTPUT)}`);
}

module.exports = { contentsSchema, OUTPUT };
