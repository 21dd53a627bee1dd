import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
// The router module alone: the package index pulls in an ESM-only parser jest cannot load.
import { OpenAPIRouter } from 'openapi-backend/router';

type Json = Record<string, unknown>;

export interface ContractResponse {
  method: string;
  /** The request path, with or without a query string. */
  path: string;
  status: number;
  body: unknown;
}

const DOCUMENT_ID = 'signet-openapi';

/**
 * Every object schema that does not say otherwise is held closed, so a field the document does not name
 * fails the check. (The document itself leaves outputs open: clients must ignore new fields.)
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (typeof node !== 'object' || node === null) return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'example' ? value : closeObjects(value)])) as Json;
  if (copy.type === 'object' && copy.properties !== undefined && copy.additionalProperties === undefined && copy.patternProperties === undefined) {
    copy.additionalProperties = false;
  }
  return copy;
}

/** A schema that only names a component is checked by that component's validator, shared by every use. */
function schemaPointer(schema: Json, pointer: string[]): string[] {
  const ref = typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? schema.$ref : undefined;
  return ref?.startsWith('#/components/schemas/') ? ref.slice(2).split('/') : pointer;
}

const pointerSegment = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Checks answers against an OpenAPI 3.1 document: the route (method and path) must be documented, the
 * status must be one of the operation's, and the JSON body must match that status's schema. Routing is
 * openapi-backend's; schemas are checked by ajv's JSON Schema 2020-12 validator (OpenAPI 3.1's dialect).
 * A path the document lacks passes only as the gateway's own "No route" 404.
 */
export function contractChecker(document: Json) {
  const router = new OpenAPIRouter({ definition: document as unknown as ConstructorParameters<typeof OpenAPIRouter>[0]['definition'] });
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // The document's own validity is the document test's job (an independent validator); skip ajv's meta-schema pass here.
  ajv.addSchema({ ...(closeObjects(document) as Json), $id: DOCUMENT_ID }, undefined, undefined, false);
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();

  function validatorAt(pointer: string[]) {
    const ref = `${DOCUMENT_ID}#/${pointer.map(pointerSegment).join('/')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  }

  // Every error status shares the error body: one validator for all, compiled before any test runs.
  validatorAt(['components', 'schemas', 'ErrorBody']);

  /** The problems with one answer, empty when it matches the document. */
  return function problemsWith(response: ContractResponse): string[] {
    const path = response.path.split('?')[0] as string;
    const where = `${response.method.toUpperCase()} ${path} answered ${response.status}`;
    const operation = router.matchOperation({ method: response.method.toLowerCase(), path, headers: {} });
    if (!operation) {
      const body = response.body as Json | undefined;
      const noRoute = response.status === 404 && body?.code === 'NOT_FOUND' && String(body.error).startsWith('No route for');
      return noRoute ? [] : [`${where}, but the document has no such route`];
    }
    const responses = (operation.responses ?? {}) as Record<string, Json>;
    const status = String(response.status);
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default' in responses ? 'default' : undefined;
    if (key === undefined) return [`${where}: the document names no such status (it has ${Object.keys(responses).join(', ')})`];
    let answer = responses[key] as Json;
    const responsePointer = ['paths', operation.path, operation.method, 'responses', key];
    let pointer = responsePointer;
    if (typeof answer.$ref === 'string') {
      pointer = answer.$ref.replace(/^#\//, '').split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
      answer = pointer.reduce<Json>((node, segment) => node[segment] as Json, document);
    }
    const json = (answer.content as Json | undefined)?.['application/json'] as Json | undefined;
    if (json === undefined) return [];
    const validate = validatorAt(schemaPointer(json.schema as Json, [...pointer, 'content', 'application/json', 'schema']));
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map((error) => `${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
  };
}

export type ContractChecker = ReturnType<typeof contractChecker>;
