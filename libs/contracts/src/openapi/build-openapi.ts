import { DELIVERED_EVENT_TYPES, isWebhookEventType } from '../event-types';
import { EVENT_MEANINGS } from '../event-catalog';
import { ErrorBody } from '../responses/common-responses';
import { bracketFormSchema } from './bracket-form';
import type { CapturedExamples, OperationExamples } from './captured-examples';
import { ENVELOPE_ROUTE_DOCS } from './envelope-route-docs';
import { ERROR_STATUS_MEANINGS, ID_BY_TAG, PARAM_DESCRIPTIONS } from './param-descriptions';
import { GATEWAY_ROUTE_DOCS, PUBLIC_ROUTE_DOCS } from './public-route-docs';
import { routeKey, type RequestDoc, type ResponseDoc, type RouteDoc, type RouteDocs } from './route-doc';
import { clean, componentSchemas, eventComponentName, withReferences, type JsonSchema } from './schema-components';
import { SCALE_AND_SEAL_ROUTE_DOCS } from './scale-and-seal-route-docs';
import { SETTINGS_WEBHOOK_ROUTE_DOCS } from './settings-webhook-route-docs';
import { DEAD_LETTER_ROUTE_DOCS } from './dead-letter-route-docs';
import { TEMPLATE_ROUTE_DOCS } from './template-route-docs';
import { IDENTITY_ROUTE_DOCS } from './identity-route-docs';
import { BUILDER_ROUTE_DOCS, BUILDER_TOKEN_ROUTES } from './builder-route-docs';
import { API_KEY_ROUTE_DOCS } from './api-key-route-docs';
import { CONSOLE_ROUTE_DOCS } from './console-route-docs';
import { DOCUMENT_INTRO, TAGS } from './document-intro';

/** Every route's documentation, keyed `METHOD /path` as the gateway's route tables name the route. */
export const ROUTE_DOCS: RouteDocs = { ...SETTINGS_WEBHOOK_ROUTE_DOCS, ...DEAD_LETTER_ROUTE_DOCS, ...ENVELOPE_ROUTE_DOCS, ...SCALE_AND_SEAL_ROUTE_DOCS, ...TEMPLATE_ROUTE_DOCS, ...IDENTITY_ROUTE_DOCS, ...BUILDER_ROUTE_DOCS, ...API_KEY_ROUTE_DOCS, ...CONSOLE_ROUTE_DOCS, ...PUBLIC_ROUTE_DOCS, ...GATEWAY_ROUTE_DOCS };

/** A route as the gateway serves it: who may call it and which limits apply. */
export interface ServedRoute {
  method: string;
  path: string;
  /** `apiKey`: under /api/v1 with `Authorization: <key>`; `public`: the link's token is the credential; `gateway`: the gateway's own. */
  access: 'apiKey' | 'public' | 'gateway';
  /** The plan limit (API key routes) or the per-address limit (public routes) applies. */
  rateLimited?: boolean;
}

/** Routes of the tables that have no documentation: adding a route means adding its entry to ROUTE_DOCS. */
export function undocumentedRoutes(routes: readonly ServedRoute[]): string[] {
  return routes.map((route) => routeKey(route.method, route.path)).filter((key) => ROUTE_DOCS[key] === undefined);
}

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': 'Requests the window allows',
  'X-RateLimit-Remaining': 'Requests left in the window',
  'X-RateLimit-Reset': 'When the window resets (Unix seconds)'
};

const header = (description: string) => ({ description, schema: { type: 'string' } });

/** `{example}` when there is one: examples are optional everywhere in the document. */
const exampleOf = (example: unknown): { example?: unknown } => (example === undefined ? {} : { example });

function responseObject(answer: ResponseDoc, rateLimited: boolean, components: Record<string, JsonSchema>, example: unknown): JsonSchema {
  const headers = { 'X-Request-Id': header('The request id (also `request_id` in JSON bodies)'), ...mapHeaders(answer.headers ?? {}), ...(rateLimited ? mapHeaders(RATE_LIMIT_HEADERS) : {}) };
  const content = {
    ...(answer.schema ? { 'application/json': { schema: withReferences(clean(answer.schema), components, undefined, true), ...exampleOf(example) } } : {}),
    ...Object.fromEntries([answer.contentType, ...(answer.moreContentTypes ?? [])].flatMap((type) => (type ? [[type, { schema: { type: 'string', contentMediaType: type } }]] : [])))
  };
  return { description: answer.description, headers, ...(Object.keys(content).length > 0 ? { content } : {}) };
}

function mapHeaders(headers: Record<string, string>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, header(description)]));
}

/** An error answer: the error body, the request id, and on 429 when to retry; with a route's own example when captured. */
function errorResponse(status: string, example?: unknown): JsonSchema {
  return {
    description: ERROR_STATUS_MEANINGS[Number(status)],
    headers: { 'X-Request-Id': header('The request id'), ...(status === '429' ? { 'Retry-After': header('Seconds to wait before trying again'), ...mapHeaders(RATE_LIMIT_HEADERS) } : {}) },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, ...exampleOf(example) } }
  };
}

/** The shared error answers, one per status, that routes without an example of their own point at. */
function errorResponses(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.keys(ERROR_STATUS_MEANINGS).map((status) => [`Error${status}`, errorResponse(status)]));
}

/** The component name of a bracket-notation form: `EnvelopeCreateRequest`'s is `EnvelopeCreateForm`. */
const formName = (request: RequestDoc): string => `${(request.formOf ?? 'Request').replace(/Request$/, '')}Form`;

/** The request body; `example` is a JSON body, or a form's fields as sent (bracket notation). */
function requestBody(request: RequestDoc, components: Record<string, JsonSchema>, example: unknown): JsonSchema | undefined {
  // A route may take both: the same object as a bracket-notation form or as JSON (templates); its example
  // is shown beside the media type it was sent as (a form's fields are named in brackets).
  const form = request.form ? { $ref: `#/components/schemas/${formName(request)}` } : null;
  const sentAsForm = form !== null && (!request.json || (typeof example === 'object' && example !== null && Object.keys(example).some((name) => name.includes('['))));
  const formExample = exampleOf(sentAsForm ? example : undefined);
  const formContent = form ? { 'multipart/form-data': { schema: form, ...formExample }, 'application/x-www-form-urlencoded': { schema: form, ...formExample } } : {};
  if (request.json) {
    return { required: !request.optional, content: { 'application/json': { schema: withReferences(clean(request.json), components, undefined, true), ...exampleOf(sentAsForm ? undefined : example) }, ...formContent } };
  }
  if (form) return { required: true, content: formContent };
  if (request.urlencoded) {
    return { required: true, content: { 'application/x-www-form-urlencoded': { schema: withReferences(clean(request.urlencoded), components, undefined, true), ...exampleOf(example) } } };
  }
  if (request.file) {
    const schema = { type: 'object', required: [request.file.field], properties: { [request.file.field]: { type: 'string', contentMediaType: 'application/octet-stream', description: request.file.description } } };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (request.binary) return { required: true, content: { [request.binary]: { schema: { type: 'string', contentMediaType: request.binary } } } };
  return undefined;
}

function parameters(path: string, doc: RouteDoc, examples: OperationExamples['request']): JsonSchema[] {
  const names = [...path.matchAll(/[:*]([A-Za-z_]+)/g)].map((match) => match[1] as string);
  const inPath = names.map((name) => ({
    name, in: 'path', required: true, schema: ID_PARAMETERS.includes(name) ? { type: 'string', format: 'uuid' } : { type: 'string' },
    description: doc.params?.[name] ?? PARAM_DESCRIPTIONS[name] ?? (name === 'id' ? ID_BY_TAG[doc.tag] : undefined) ?? name,
    ...exampleOf(examples?.params?.[name])
  }));
  const query = clean(doc.request?.query ?? {});
  const required = new Set((query.required as string[] | undefined) ?? []);
  const inQuery = Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, schema]) => ({
    name, in: 'query', required: required.has(name), schema, ...(schema.description ? { description: schema.description } : {}),
    // An object in the query is one parameter per key in bracket notation: `metadata[crm_id]=opp-1042`.
    ...(schema.type === 'object' ? { style: 'deepObject', explode: true } : {}),
    ...exampleOf(examples?.query?.[name])
  }));
  const inHeaders = Object.entries(doc.request?.headers ?? {}).map(([name, description]) => ({ name, in: 'header', required: true, schema: { type: 'string' }, description }));
  return [...inPath, ...inQuery, ...inHeaders];
}

/** Path parameters that hold ids Signet gave out (UUIDs); any other value answers 404. */
const ID_PARAMETERS = ['id', 'envelope_id', 'recipient_id', 'delivery_id', 'document_id'];

/** Every POST and PUT under /api/v1 takes an Idempotency-Key (the gateway keeps the first answer 24 hours). */
const idempotent = (route: ServedRoute) => route.access === 'apiKey' && (route.method === 'post' || route.method === 'put');

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 },
  description: 'Makes a retry safe: the same key and request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) and does nothing twice; the key on a different request is 422 IDEMPOTENCY_KEY_REUSED, and while the first request runs 409 IDEMPOTENCY_KEY_IN_USE.'
};

function operation(route: ServedRoute, doc: RouteDoc, components: Record<string, JsonSchema>, examples: OperationExamples | undefined): JsonSchema {
  const limited = route.rateLimited === true || doc.serviceRateLimit === true;
  // Proxied routes also answer 502/504 when the part behind the gateway dies or stalls; any route 431.
  // A part reads a JSON body on any route: one it cannot read is 400, one over its limit 413.
  const proxied = route.access === 'gateway' ? [] : [400, 413, 502, 503, 504];
  // A builder session's token is refused (403) on any API-key route outside its session.
  const errors = new Set([...doc.errors, ...(route.access === 'apiKey' ? [401, 403] : []), ...(limited ? [429] : []), ...(idempotent(route) ? [409, 422] : []), 431, 500, ...proxied]);
  const responses: Record<string, JsonSchema> = {};
  const replayHeader: Record<string, string> = idempotent(route) ? { 'Idempotent-Replayed': '`true` when this is the kept answer of an earlier request with the same Idempotency-Key' } : {};
  const captured = examples?.responses ?? {};
  for (const [status, answer] of Object.entries(doc.responses)) responses[status] = responseObject({ ...answer, headers: { ...answer.headers, ...replayHeader } }, limited, components, captured[status]);
  for (const status of [...errors].sort().map(String)) {
    responses[status] = captured[status] === undefined ? { $ref: `#/components/responses/Error${status}` } : errorResponse(status, captured[status]);
  }
  const body = doc.request ? requestBody(doc.request, components, examples?.request?.body) : undefined;
  const params = [...parameters(route.path, doc, examples?.request), ...(idempotent(route) ? [IDEMPOTENCY_KEY] : [])];
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(route.access === 'apiKey' ? {} : { security: [] }),
    ...(BUILDER_TOKEN_ROUTES.includes(routeKey(route.method, route.path)) ? { security: [{ apiKey: [] }, { builderToken: [] }, { consoleSession: [] }] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses
  };
}

const VERIFY_AND_ANSWER = 'Verify `webhook-signature` with the signing secret (any Standard Webhooks library); answer 2xx within 10 s, or Signet tries again.';

function webhooks(events: CapturedExamples['events']): JsonSchema {
  return Object.fromEntries(DELIVERED_EVENT_TYPES.map((eventType) => [eventType, {
    post: {
      operationId: `on_${eventType.replace('.', '_')}`,
      summary: EVENT_MEANINGS[eventType],
      tags: ['Events'],
      description: `${isWebhookEventType(eventType) ? 'POSTed to every webhook subscribed to this event.' : 'POSTed to the one webhook it was sent to, whatever that webhook subscribes to.'} ${VERIFY_AND_ANSWER}`,
      parameters: [
        { name: 'Authorization', in: 'header', required: false, description: "The webhook's `auth`, when it has one", schema: { type: 'string' } },
        { name: 'webhook-id', in: 'header', required: true, description: 'The event id', schema: { type: 'string' } },
        { name: 'webhook-timestamp', in: 'header', required: true, description: 'Unix seconds when this attempt was signed', schema: { type: 'string' } },
        { name: 'webhook-signature', in: 'header', required: true, description: '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`', schema: { type: 'string' } }
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${eventComponentName(eventType)}` }, ...exampleOf(events[eventType]) } } },
      responses: { '2XX': { description: 'Received' } }
    }
  }]));
}

/**
 * The OpenAPI 3.1 document of the routes the gateway serves, from their ROUTE_DOCS entries, the
 * contracts' schemas and the examples captured from a running Signet. Throws on a route without documentation.
 */
export function buildOpenApiDocument(routes: readonly ServedRoute[], options: { version: string; serverUrl: string; examples: CapturedExamples }): JsonSchema {
  const missing = undocumentedRoutes(routes);
  if (missing.length > 0) throw new Error(`Routes without documentation in ROUTE_DOCS (libs/contracts/src/openapi): ${missing.join(', ')}`);
  const raw = componentSchemas();
  const schemas = Object.fromEntries(Object.entries(raw).map(([name, schema]) => [name, withReferences(schema, raw, name)]));
  schemas.ErrorBody = clean(ErrorBody);
  for (const doc of Object.values(ROUTE_DOCS)) {
    if (doc.request?.form) schemas[formName(doc.request)] = bracketFormSchema(doc.request.form, `Bracket-notation fields of \`${doc.request.formOf}\`: one field per leaf, named by its path. Keys in brackets here are examples.`);
  }
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    // Express's `:name` and `*name` (a wildcard of several segments) are both `{name}` in OpenAPI.
    const path = route.path.replace(/[:*]([A-Za-z_]+)/g, '{$1}');
    const key = routeKey(route.method, route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, ROUTE_DOCS[key] as RouteDoc, raw, options.examples.operations[key]) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Signet e-signature API', version: options.version, description: DOCUMENT_INTRO, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: options.serverUrl }],
    security: [{ apiKey: [] }, { consoleSession: [] }],
    tags: TAGS,
    paths,
    webhooks: webhooks(options.examples.events),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The API key itself, with no scheme: `Authorization: sk_...`. `Bearer <key>` is refused (401).' },
        builderToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A builder session's token (`POST /api/v1/builder_sessions`): `Authorization: Bearer <token>`, on the routes that list it, for the session's own template or envelope only." },
        consoleSession: { type: 'apiKey', in: 'cookie', name: 'signet_console', description: "The console's session (`POST /console/sign-in`), used without an `Authorization` header: it acts as the API key it was signed in with. A POST, PUT or DELETE with it must also carry the session's `X-CSRF-Token` header (403 otherwise)." }
      },
      schemas,
      responses: errorResponses()
    }
  };
}
