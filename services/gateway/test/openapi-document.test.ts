import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { capturedExamples, DELIVERED_EVENT_TYPES, ROUTE_DOCS, undocumentedRoutes } from '@signet/contracts';
import { exampleProblems } from '@signet/testkit';
import { openApiDocument, servedRoutes } from '../src/docs/openapi-document';

const root = path.join(__dirname, '..', '..', '..');
const documentFile = path.join(root, 'docs', 'openapi.json');

type Media = Record<string, { example?: unknown }>;
type Operations = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Media }> }>> };

describe('the OpenAPI document', () => {
  it('documents every route of the route tables, and nothing else', () => {
    expect(undocumentedRoutes(servedRoutes())).toEqual([]);
    const served = new Set(servedRoutes().map((route) => `${route.method.toUpperCase()} ${route.path}`));
    expect(Object.keys(ROUTE_DOCS).filter((key) => !served.has(key))).toEqual([]);
  });

  it('docs/openapi.json is the document the code and the captured examples generate (npm run docs:openapi; no server needed)', () => {
    expect(JSON.parse(readFileSync(documentFile, 'utf8'))).toEqual(openApiDocument());
  });

  it('is valid OpenAPI 3.1 by an independent validator', () => {
    const result = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, 'validate-openapi.mjs'), documentFile], { encoding: 'utf8' }));
    expect(result).toEqual({ valid: true, version: '3.1' });
  });

  it('has a unique operationId per operation and every event a delivery may carry (the 20 of the API, Signet\'s own, webhook.test) in its webhooks section', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { operationId: string }>>; webhooks: Record<string, unknown> };
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(document.webhooks).sort()).toEqual([...DELIVERED_EVENT_TYPES].sort());
    expect(document.webhooks).toHaveProperty(['batch.completed']);
    expect(document.webhooks).toHaveProperty(['webhook.test']);
  });

  it('describes the metadata filter of GET /api/v1/envelopes as a deepObject parameter (metadata[key]=value)', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { parameters: Array<Record<string, unknown>> }>> };
    const metadata = document.paths['/api/v1/envelopes']?.get?.parameters.find((parameter) => parameter.name === 'metadata');
    expect(metadata).toMatchObject({ in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', additionalProperties: false } });
  });

  it('has a captured example of every JSON success answer (but the document itself and the SMS provider reports), and of every event', () => {
    const document = openApiDocument() as Operations & { webhooks: Record<string, { post: { requestBody: { content: Record<string, { example?: unknown }> } } }> };
    const missing = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).flatMap(([method, operation]) => {
      // The SMS provider's delivery reports are answered only with a provider configured; the capture's fresh Signet has none.
      if (operation.operationId === 'openapi' || operation.operationId === 'reportSmsStatus') return [];
      return Object.entries(operation.responses)
        .filter(([status, answer]) => status.startsWith('2') && answer.content?.['application/json'] !== undefined && answer.content['application/json'].example === undefined)
        .map(([status]) => `${method.toUpperCase()} ${path} ${status}`);
    }));
    expect(missing).toEqual([]);
    const events = Object.entries(document.webhooks).filter(([, webhook]) => webhook.post.requestBody.content['application/json']?.example === undefined);
    expect(events.map(([name]) => name)).toEqual([]);
  });

  it('captured examples only for documented routes, and each one valid by the schema beside it (every object closed)', () => {
    const served = new Set(servedRoutes().map((route) => `${route.method.toUpperCase()} ${route.path}`));
    expect(Object.keys(capturedExamples().operations).filter((key) => !served.has(key))).toEqual([]);
    expect(exampleProblems(openApiDocument())).toEqual([]);
  });
});
