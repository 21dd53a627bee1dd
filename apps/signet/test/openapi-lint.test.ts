import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const DOCUMENT = path.join(__dirname, '..', '..', '..', 'docs', 'openapi.json');

/**
 * A second linter, independent of the validator the other tests use: Redocly's structural rule knows
 * every keyword OpenAPI 3.1 and JSON Schema 2020-12 define, and refuses any other that is not an `x-`
 * extension (ajv-only keywords such as `errorMessage` leaked into the document before).
 */
describe('docs/openapi.json under Redocly\'s linter', () => {
  it('uses only keywords OpenAPI 3.1 and JSON Schema 2020-12 know, or x- extensions', async () => {
    const config = await createConfig({ rules: { struct: 'error' } });
    const problems = await lintFromString({ source: readFileSync(DOCUMENT, 'utf8'), absoluteRef: DOCUMENT, config });
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`)).toEqual([]);
  });
});
