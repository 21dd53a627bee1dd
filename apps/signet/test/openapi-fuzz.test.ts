import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { samplePdf } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { sentEnvelope } from './signing/flows';
import { createWebhook } from './webhooks/flows';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Fixed, so a failure is found again by running the test again. Each operation gets a sweep (NUL, then a
 * huge text, in each of its fields in turn), one request deep, of wrong types and in brackets, and
 * RANDOM_RUNS random ones.
 */
const SEED = 3_2_2026;
const RANDOM_RUNS = 3;

const DOCUMENT: Json = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'));
const METHODS = ['get', 'post', 'put', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  spec: Json;
}

const OPERATIONS: Operation[] = Object.entries(DOCUMENT.paths as Json).flatMap(([route, item]) =>
  METHODS.filter((method) => (item as Json)[method] !== undefined).map((method) => ({ method, path: route, spec: (item as Json)[method] as Json })));

/** A `$ref` into the document, followed; anything else as it is. */
function resolved(node: Json | undefined): Json {
  if (node?.$ref === undefined) return node ?? {};
  return resolved(String(node.$ref).slice(2).split('/').reduce<Json>((at, segment) => at[segment.replace(/~1/g, '/').replace(/~0/g, '~')], DOCUMENT));
}

// --- Values: boundary and hostile ones beside plausible ones ---

const HOSTILE_TEXT = [
  '', ' ', 'a\u0000b', '\u0000', 'x'.repeat(70_000), '[', ']', 'a[b', 'a]b[', '[[0]]', '][', '__proto__', 'constructor', '-1', '0',
  '99999999999999999999', '1e308', 'NaN', 'null', 'true', 'FALSE', 'DEFAULT', '%00', '../../etc/passwd', '\ud800', '😀'.repeat(300),
  '2026-02-30', 'March 7', '+275760-09-13T00:00:00.000Z', 'https://10.0.0.1/x.png', 'https://[::1]/', 'javascript:alert(1)',
  '<script>', "' OR 1=1 --", 'data:image/png;base64,AAAA', '0190f2a4-1b2c-7d3e-8f40-123456789abc'
];

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
};

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.uuid());
const wrongType = fc.oneof(
  fc.integer(), fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), 1e308, 0.5), fc.boolean(), fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }), fc.dictionary(hostileString, hostileString, { maxKeys: 3 })
);
const deep = fc.integer({ min: 17, max: 1000 }).map((depth) => nested(depth, 'x'));

/** A value the schema might accept (its example, enum, format or type), to get past the first check. */
function plausible(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  const own = resolved(schema);
  const choices: Array<fc.Arbitrary<unknown>> = [];
  if (own.example !== undefined) choices.push(fc.constant(own.example));
  if (Array.isArray(own.enum)) choices.push(fc.constantFrom(...(own.enum as unknown[])));
  if (own.const !== undefined) choices.push(fc.constant(own.const));
  for (const branch of [...(own.anyOf ?? []), ...(own.oneOf ?? [])] as Json[]) if (depth < 4) choices.push(plausible(branch, depth + 1));
  if (own.format === 'uuid') choices.push(fc.uuid());
  if (own.format === 'email') choices.push(fc.constantFrom('ana@example.com', 'a@b.c'));
  if (own.type === 'integer' || own.type === 'number') choices.push(fc.integer({ min: -2, max: 1001 }));
  if (own.type === 'boolean') choices.push(fc.boolean());
  if (own.type === 'array' && depth < 4) choices.push(fc.array(plausible(own.items ?? {}, depth + 1), { maxLength: 3 }));
  if (own.type === 'object' && depth < 4 && own.properties) choices.push(objectOf(own, depth + 1));
  if (choices.length === 0) choices.push(hostileString);
  return fc.oneof(...choices);
}

function valueFor(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: plausible(schema, depth) }, { weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: wrongType }, { weight: 1, arbitrary: deep });
}

/** Some of the schema's properties, each plausible or hostile, and now and then a key it does not know. */
function objectOf(schema: Json, depth = 0): fc.Arbitrary<Json> {
  const properties = Object.entries((resolved(schema).properties ?? {}) as Json);
  const known = Object.fromEntries(properties.map(([name, child]) => [name, valueFor(child as Json, depth)]));
  return fc.record({ known: fc.record(known, { requiredKeys: [] }), extra: fc.dictionary(hostileString, valueFor({}, depth), { maxKeys: 2 }) })
    .map(({ known: chosen, extra }) => ({ ...extra, ...chosen }));
}

// --- Requests: a valid one (the document's examples, the ids of real objects) turned hostile one way ---

/**
 * How a request is turned hostile: NUL in a text, a huge text, a field nested deep, every value of the
 * wrong type, or odd brackets in every name and value.
 */
const MODES = ['nul', 'huge', 'deep', 'wrong-type', 'brackets'] as const;
type Mode = (typeof MODES)[number];

const WRONG_TYPES: unknown[] = [-1, true, null, [], {}, 1e308, 0.5, 2 ** 53, ['x'], { a: 1 }];
const WRONG_TEXTS = ['-1', '1e308', 'true', '', 'null', '99999999999999999999', '[]', '{}'];

/** Every string leaf (and, for brackets, key) of a value, transformed; `leaf` gets each leaf's index. */
function mapLeaves(value: unknown, leaf: (text: string, index: number) => unknown, key: (name: string) => string = (name) => name): unknown {
  let index = 0;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([name, child]) => [key(name), walk(child)]));
    if (typeof node !== 'string') {
      index++;
      return node;
    }
    return leaf(node, index++);
  };
  return walk(value);
}

function leafCount(value: unknown): number {
  let count = 0;
  mapLeaves(value, () => count++);
  return Math.max(1, count);
}

/**
 * The value turned hostile: NUL or a huge text in one leaf (`target`, so the others stay valid and the
 * request gets past the schema to where the text is used), or every leaf of the wrong type or in brackets.
 */
function mutated(value: unknown, mode: Mode, target: number): unknown {
  const one = (change: (text: string) => string) => {
    const chosen = target % leafCount(value);
    return mapLeaves(value, (text, index) => (index === chosen ? change(text) : text));
  };
  switch (mode) {
    case 'nul':
      return one((text) => `${text.slice(0, text.length >> 1)}\u0000${text.slice(text.length >> 1)}`);
    case 'huge':
      return one((text) => text + 'x'.repeat(70_000));
    case 'deep':
      return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0
        ? { ...value, [Object.keys(value)[target % Object.keys(value).length] as string]: nested(17 + (target % 1000), 'x') }
        : nested(17 + (target % 1000), value);
    case 'wrong-type':
      return mapLeaves(value, (_text, index) => WRONG_TYPES[(index + target) % WRONG_TYPES.length]);
    case 'brackets':
      return mapLeaves(value, (text) => `[${text}]]`, (name) => `${name}[`);
  }
}

/** A text field (path, query, form) turned hostile; forms carry only text, so wrong types are wrong texts. */
function mutatedText(text: string, mode: Mode, index: number): string {
  if (mode === 'wrong-type') return WRONG_TEXTS[index % WRONG_TEXTS.length] as string;
  if (mode === 'deep') return `${text}${'[a]'.repeat(40)}`;
  const changed = mutated(text, mode, 0);
  return typeof changed === 'string' ? changed : text;
}

interface FuzzRequest {
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: string | Uint8Array | FormData | URLSearchParams;
}

/** Percent-encoding that never throws: a lone surrogate becomes invalid UTF-8 on the wire, as a hostile client sends it. */
function encoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');

const ODD_FIELD_NAMES = [
  'a[', 'recipients[0]]', 'recipients[[0]][email]', 'placements[-1][document_key]', 'placements[99999999999999999999][recipient_key]',
  '__proto__[x]', 'constructor[prototype][x]', 'metadata[]', 'metadata[a\u0000]', 'settings[branding][logo]', 'documents[0][base64]',
  'recipients[0][email]', 'recipients[0][name]', `a${'[b]'.repeat(20)}`, 'name'
];

/** Any names and values at all: the form's own names, odd bracket names and hostile texts. */
function randomFormFields(media: Json): fc.Arbitrary<Array<[string, string]>> {
  const names = Object.keys((resolved(media.schema).properties ?? {}) as Json);
  const name = fc.oneof(fc.constantFrom(...(names.length > 0 ? names : ['name'])), fc.constantFrom(...ODD_FIELD_NAMES), hostileString);
  return fc.array(fc.tuple(name, fc.oneof(hostileString, valueFor({}).map(asText))), { maxLength: 8 });
}

function formBody(fields: Array<[string, string]>, multipart: boolean): Pick<FuzzRequest, 'body' | 'headers'> {
  if (!multipart) return { body: new URLSearchParams(fields.map(([name, value]) => [name, value.replace(/[\ud800-\udfff]/g, '?')] as [string, string])), headers: {} };
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return { body: data, headers: {} };
}

/** A random body: the schema's fields with hostile values, another media type, or one that cannot be read. */
function randomBody(spec: Json): fc.Arbitrary<Pick<FuzzRequest, 'body' | 'headers'>> {
  const content = (resolved(spec.requestBody).content ?? {}) as Json;
  const json = content['application/json'] as Json | undefined;
  const form = (content['multipart/form-data'] ?? content['application/x-www-form-urlencoded']) as Json | undefined;
  const choices: Array<fc.Arbitrary<Pick<FuzzRequest, 'body' | 'headers'>>> = [
    fc.constant({ headers: {} }),
    fc.constantFrom('{', '{"a":', '[]', 'null', '"x"', '\u0000').map((text) => ({ body: text, headers: { 'content-type': 'application/json' } })),
    fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'text/plain', 'application/x-www-form-urlencoded', 'application/pdf')
      .map((type) => ({ body: '--x\r\n', headers: { 'content-type': type } }))
  ];
  if (json) choices.push(fc.oneof(objectOf(json.schema), wrongType, deep).map(jsonRequest));
  if (form) choices.push(fc.tuple(randomFormFields(form), fc.boolean()).map(([fields, multipart]) => formBody(fields, multipart)));
  if (content['application/pdf']) {
    choices.push(fc.oneof(fc.constant(new TextEncoder().encode('%PDF-1.7\n')), fc.uint8Array({ maxLength: 64 })).map((bytes) => ({ body: bytes, headers: { 'content-type': 'application/pdf' } })));
  }
  return fc.oneof(...choices);
}

interface KnownIds {
  [parameter: string]: string;
}

/** An operation's parameters and body, with the values of a request that should succeed. */
interface Shape {
  inPath: Json[];
  inQuery: Json[];
  path: Record<string, string>;
  query: Array<[string, string]>;
  json?: Json;
  form?: Array<[string, string]>;
}

const SOME_ID = '0190f2a4-1b2c-7d3e-8f40-123456789abc';

function shapeOf(operation: Operation, known: KnownIds): Shape {
  const parameters = [...((DOCUMENT.paths as Json)[operation.path].parameters ?? []), ...(operation.spec.parameters ?? [])].map((parameter: Json) => resolved(parameter));
  const inPath = parameters.filter((parameter) => parameter.in === 'path');
  const inQuery = parameters.filter((parameter) => parameter.in === 'query');
  const content = (resolved(operation.spec.requestBody).content ?? {}) as Json;
  const form = (content['multipart/form-data'] ?? content['application/x-www-form-urlencoded']) as Json | undefined;
  return {
    inPath,
    inQuery,
    path: Object.fromEntries(inPath.map((parameter) => [parameter.name, known[parameter.name] ?? (parameter.example === undefined ? SOME_ID : asText(parameter.example))])),
    query: inQuery.filter((parameter) => parameter.example !== undefined).map((parameter) => [parameter.style === 'deepObject' ? `${parameter.name}[crm]` : parameter.name, asText(parameter.example)]),
    json: (content['application/json'] as Json | undefined)?.example,
    form: form?.example === undefined ? undefined : Object.entries(form.example as Json).map(([name, value]) => [name, asText(value)])
  };
}

/** How many fields a sweep turns hostile one at a time: path and query parameters, then the body's leaves. */
function fieldCount(shape: Shape): number {
  const body = shape.json !== undefined ? leafCount(shape.json) : (shape.form?.length ?? 0);
  return Object.keys(shape.path).length + shape.query.length + body;
}

function jsonRequest(value: unknown): Pick<FuzzRequest, 'body' | 'headers'> {
  return { body: JSON.stringify(value) ?? 'null', headers: { 'content-type': 'application/json' } };
}

/**
 * The request of a sweep (nul, huge): field `target` alone turned hostile, every other one as in a request
 * that succeeds, so the request gets as far as that field is used.
 */
function sweepRequest(operation: Operation, shape: Shape, mode: Mode, target: number): FuzzRequest {
  const names = Object.keys(shape.path);
  const path = Object.fromEntries(names.map((name, index) => [name, index === target ? mutatedText(shape.path[name] as string, mode, 0) : shape.path[name]]));
  const queryTarget = target - names.length;
  const query = shape.query.map(([name, value], index) => [name, index === queryTarget ? mutatedText(value, mode, 0) : value] as [string, string]);
  const bodyTarget = queryTarget - shape.query.length;
  let body: Pick<FuzzRequest, 'body' | 'headers'> = { headers: {} };
  if (shape.json !== undefined) body = jsonRequest(bodyTarget >= 0 ? mutated(shape.json, mode, bodyTarget) : shape.json);
  else if (shape.form) body = formBody(shape.form.map(([name, value], index) => [name, index === bodyTarget ? mutatedText(value, mode, 0) : value]), target % 2 === 0);
  return { path: filled(operation.path, path), query, ...body };
}

/** A request turned hostile as a whole: its body deep, of wrong types or in brackets; its parameters' names too. */
function wholeRequest(operation: Operation, shape: Shape, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const query = shape.query.map(([name, value]) => [mode === 'brackets' ? `${name}[` : name, mode === 'wrong-type' ? '-1' : value] as [string, string]);
  const path = filled(operation.path, mode === 'brackets' ? Object.fromEntries(Object.entries(shape.path).map(([name, value]) => [name, `[${value}]]`])) : shape.path);
  return fc.nat(10_000).map((target) => {
    let body: Pick<FuzzRequest, 'body' | 'headers'> = { headers: {} };
    if (shape.json !== undefined) body = jsonRequest(mutated(shape.json, mode, target));
    else if (shape.form && mode === 'brackets') body = formBody(shape.form.map(([name, value]) => [`${name}]`, `[${value}]]`]), target % 2 === 0);
    else if (shape.form) body = formBody([...shape.form, [`a${'[b]'.repeat(17 + (target % 40))}`, mutatedText('x', mode, target)]], target % 2 === 0);
    return { path, query, ...body };
  });
}

/** Anything at all: random and hostile values for every parameter and field the document names, and names it does not. */
function randomRequest(operation: Operation, shape: Shape): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.record(Object.fromEntries(shape.inPath.map((parameter) =>
    [parameter.name as string, fc.oneof(plausible(parameter.schema).map(asText), hostileString, fc.constant(shape.path[parameter.name] as string))])));
  const queryValues = fc.array(fc.oneof(
    ...shape.inQuery.map((parameter) => valueFor(parameter.schema).map((value) => [parameter.style === 'deepObject' ? `${parameter.name}[crm]` : parameter.name, asText(value)] as [string, string])),
    fc.tuple(fc.constantFrom('metadata[a][b]', 'metadata[', 'status[]', 'limit', 'cursor', 'q'), hostileString)
  ), { maxLength: 4 });
  // fetch sends no body with a GET.
  const body = operation.method === 'get' ? fc.constant({ headers: {} }) : randomBody(operation.spec);
  return fc.record({ pathValues, queryValues, body }).map(({ pathValues: values, queryValues: query, body: chosen }) => ({ path: filled(operation.path, values), query, ...chosen }));
}

function filled(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encoded(String(values[name])));
}

/**
 * Sends one request through the gateway: no 5xx, the error body on a 4xx, and (the harness's fetch checks
 * every answer against the document, route, status and body, and throws on any difference) a status the
 * document lists for the operation.
 */
async function check(operation: Operation, request: FuzzRequest): Promise<void> {
  const query = request.query.map(([name, value]) => `${encoded(name)}=${encoded(value)}`).join('&');
  const headers: Record<string, string> = { ...request.headers, ...(operation.spec.security?.length === 0 ? {} : { authorization: KEYS.globex }) };
  const url = `${baseUrl}${request.path}${query ? `?${query}` : ''}`;
  const response = await fetch(url, { method: operation.method.toUpperCase(), headers, body: request.body, redirect: 'manual' });
  const text = await response.text();
  const where = `${operation.method.toUpperCase()} ${url.slice(0, 300)} answered ${response.status}: ${text.slice(0, 300)}`;
  expect({ where, serverError: response.status >= 500 }).toEqual({ where, serverError: false });
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    expect(JSON.parse(text)).toMatchObject({ error: expect.any(String), code: expect.any(String), request_id: expect.any(String) });
  }
}

let baseUrl = '';

/**
 * A property-based fuzz of every operation of docs/openapi.json through the gateway of a running Signet:
 * random and boundary values for every parameter and body field (NULs, huge strings, deep nesting, wrong
 * types, odd brackets). No answer may be a 5xx; every 4xx has the error body; and every answer, status
 * included, must be one the document lists for the operation (the harness checks each against it).
 */
describe('every operation of docs/openapi.json, fuzzed', () => {
  let api: TestSignet;
  const known: KnownIds = {};

  beforeAll(async () => {
    api = await startTestSignet();
    baseUrl = api.url;
    const sent = await sentEnvelope(api, KEYS.globex);
    known.token = sent.tokens.ana as string;
    const created = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: { 'documents[0][base64]': (await samplePdf({})).toString('base64'), 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana Lima' }
    });
    known.id = (created.body.envelope as Json).id as string;
    known.envelope_id = known.id;
    known.webhook = (await createWebhook(api.call, KEYS.globex, { url: 'https://example.com/hook', subscriptions: 'envelope.in_progress' })).id;
  }, 120_000);

  afterAll(async () => {
    await api.close();
  });

  it.each(OPERATIONS.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
    const ids = operation.path.startsWith('/api/v1/webhooks') ? { ...known, id: known.webhook as string } : known;
    const shape = shapeOf(operation, ids);
    // A GET carries no body; a PDF body is its own field.
    if (operation.method === 'get') shape.json = shape.form = undefined;
    for (const mode of ['nul', 'huge'] as const) {
      for (let target = 0; target < fieldCount(shape); target++) await check(operation, sweepRequest(operation, shape, mode, target));
    }
    for (const mode of ['deep', 'wrong-type', 'brackets'] as const) {
      await fc.assert(fc.asyncProperty(wholeRequest(operation, shape, mode), (request) => check(operation, request)), { seed: SEED, numRuns: 1, endOnFailure: true });
    }
    await fc.assert(fc.asyncProperty(randomRequest(operation, shape), (request) => check(operation, request)), { seed: SEED, numRuns: RANDOM_RUNS, endOnFailure: true });
  });
});
