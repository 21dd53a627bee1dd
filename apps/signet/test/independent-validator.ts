import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROUTE_DOCS } from '@signet/contracts';

const VALIDATOR = path.join(__dirname, '..', '..', '..', 'services', 'gateway', 'test', 'validate-openapi.mjs');

/** What @seriousme/openapi-schema-validator (the OpenAPI Initiative's JSON Schemas) says of a document. */
export function independentVerdict(document: unknown): unknown {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-openapi-'));
  try {
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
    return JSON.parse(execFileSync(process.execPath, [VALIDATOR, path.join(dir, 'openapi.json')], { encoding: 'utf8' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `get /api/v1/envelopes/{id}` for each operation of a document. */
export const operationsOf = (document: { paths: Record<string, Record<string, unknown>> }): string[] =>
  Object.entries(document.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method} ${route}`));

/** Every route the gateway's tables serve, as the document names its operations. */
export const DOCUMENTED_OPERATIONS = Object.keys(ROUTE_DOCS).map((key) => {
  const [method, route] = key.split(' ') as [string, string];
  return `${method.toLowerCase()} ${route.replace(/[:*]([A-Za-z_]+)/g, '{$1}')}`;
});
