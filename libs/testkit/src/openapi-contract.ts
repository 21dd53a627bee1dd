// The router module alone: the package index pulls in an ESM-only parser jest cannot load.
import { OpenAPIRouter } from 'openapi-backend/router';
import { documentSchemas, schemaPointer, type Json } from './document-schemas';

export interface ContractResponse {
  method: string;
  /** The request path, with or without a query string. */
  path: string;
  status: number;
  body: unknown;
  /** The answer's Content-Type; when given, it must be a media type the document names for the status. */
  contentType?: string | null;
}

/** Whether a Content-Type (`application/json; charset=utf-8`) is one a documented media type names (`application/json`, `type/*`, or any). */
function mediaTypeMatches(contentType: string, documented: string): boolean {
  const [type, subtype] = (contentType.split(';')[0] ?? '').trim().toLowerCase().split('/');
  const [documentedType, documentedSubtype] = documented.toLowerCase().split('/');
  return (documentedType === '*' || documentedType === type) && (documentedSubtype === '*' || documentedSubtype === subtype);
}

export const isJson = (contentType: string): boolean => mediaTypeMatches(contentType, 'application/json');

/**
 * Checks answers against an OpenAPI 3.1 document: the route (method and path) must be documented, the
 * status must be one of the operation's, the media type one it names, and the JSON body must match that
 * status's schema. Routing is openapi-backend's; schemas are checked by documentSchemas.
 * A path the document lacks passes only as the gateway's own "No route" 404.
 */
export function contractChecker(document: Json) {
  const router = new OpenAPIRouter({ definition: document as unknown as ConstructorParameters<typeof OpenAPIRouter>[0]['definition'] });
  const validatorAt = documentSchemas(document);

  // Every error status shares the error body: one validator for all, compiled before any test runs.
  validatorAt(['components', 'schemas', 'ErrorBody']);

  /** The problems with one answer, empty when it matches the document. */
  return function problemsWith(response: ContractResponse): string[] {
    const path = response.path.split('?')[0] as string;
    const where = `${response.method.toUpperCase()} ${path} answered ${response.status}`;
    // A path template's parameter is one segment; a download link's key spans several (`/files/{key}`).
    const routed = path.startsWith('/files/') ? `/files/${encodeURIComponent(path.slice('/files/'.length))}` : path;
    const operation = router.matchOperation({ method: response.method.toLowerCase(), path: routed, headers: {} });
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
    const content = answer.content as Json | undefined;
    const contentType = response.contentType ?? undefined;
    if (content !== undefined && contentType !== undefined && !Object.keys(content).some((documented) => mediaTypeMatches(contentType, documented))) {
      return [`${where} with ${contentType}: the document names ${Object.keys(content).join(', ')}`];
    }
    if (contentType !== undefined && !isJson(contentType)) return [];
    const json = content?.['application/json'] as Json | undefined;
    if (json === undefined) return [];
    const validate = validatorAt(schemaPointer(json.schema as Json, [...pointer, 'content', 'application/json', 'schema']));
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map((error) => `${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
  };
}

export type ContractChecker = ReturnType<typeof contractChecker>;
