import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_DOCS, undocumentedRoutes, validateSchema, type TSchema } from '@signet/contracts';
import { openApiDocument, servedRoutes } from '../src/docs/openapi-document';

const root = path.join(__dirname, '..', '..', '..');
const documentFile = path.join(root, 'docs', 'openapi.json');

describe('the OpenAPI document', () => {
  it('documents every route of the route tables, and nothing else', () => {
    expect(undocumentedRoutes(servedRoutes())).toEqual([]);
    const served = new Set(servedRoutes().map((route) => `${route.method.toUpperCase()} ${route.path}`));
    expect(Object.keys(ROUTE_DOCS).filter((key) => !served.has(key))).toEqual([]);
  });

  it('docs/openapi.json is the document the code generates (npm run docs:openapi)', () => {
    expect(JSON.parse(readFileSync(documentFile, 'utf8'))).toEqual(openApiDocument());
  });

  it('is valid OpenAPI 3.1 by an independent validator', () => {
    const result = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, 'validate-openapi.mjs'), documentFile], { encoding: 'utf8' }));
    expect(result).toEqual({ valid: true, version: '3.1' });
  });

  it('has a unique operationId per operation and every webhook event (the 20 of the API and batch.completed) in its webhooks section', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { operationId: string }>>; webhooks: Record<string, unknown> };
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(document.webhooks)).toHaveLength(21);
    expect(document.webhooks).toHaveProperty(['batch.completed']);
  });

  it('every request example is valid by its own schema', () => {
    for (const [key, doc] of Object.entries(ROUTE_DOCS)) {
      const schema = doc.request?.json ?? doc.request?.form ?? doc.request?.urlencoded;
      if (schema === undefined || doc.request?.example === undefined) continue;
      expect({ key, result: validateSchema(schema as TSchema, doc.request.example) }).toEqual({ key, result: { valid: true, value: doc.request.example } });
    }
  });
});
