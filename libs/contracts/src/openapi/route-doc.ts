import type { TSchema } from '@sinclair/typebox';

/** One answer of a route: a JSON schema, or another media type (a PDF, a page, an image, a redirect). */
export interface ResponseDoc {
  description: string;
  /** The JSON body; omitted for non-JSON answers and redirects. */
  schema?: TSchema;
  /** A non-JSON body, e.g. `application/pdf`; beside `schema`, the other media type the route negotiates. */
  contentType?: string;
  /** Further media types the same answer may have, e.g. an uploaded image beside PDFs. */
  moreContentTypes?: string[];
  /** Response headers besides X-Request-Id (which every answer carries). */
  headers?: Record<string, string>;
}

/** What a route takes: a JSON body, a bracket-notation form, raw bytes, and/or query parameters. */
export interface RequestDoc {
  json?: TSchema;
  /** A nested object sent as bracket-notation form fields (`recipients[signer_1][email]`); see bracket-form.ts. */
  form?: TSchema;
  /** The component name of `form`'s nested schema, e.g. `EnvelopeCreateRequest`. */
  formOf?: string;
  /** A flat `application/x-www-form-urlencoded` body, as a provider's callback sends it. */
  urlencoded?: TSchema;
  /** Raw bytes of this media type, e.g. `application/pdf`. */
  binary?: string;
  /** One file sent as `multipart/form-data` in the field of this name, with what it may be. */
  file?: { field: string; description: string };
  /** Request headers the route requires, with what each carries. */
  headers?: Record<string, string>;
  query?: TSchema;
  /** Optional JSON bodies (POST without a body is fine). */
  optional?: boolean;
}

/**
 * The documentation of one route of the gateway's route tables, keyed `METHOD /express/path` exactly as
 * the route table names it. The OpenAPI document is built from these, the schemas they point at and the
 * examples captured from a running Signet (captured-examples.ts).
 */
export interface RouteDoc {
  /** Stable name of the operation: SDK and generated clients use it as the method name. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** Descriptions of path parameters whose generic description (param-descriptions.ts) does not fit. */
  params?: Record<string, string>;
  request?: RequestDoc;
  /** Answers by status besides the shared JSON error bodies: successes (200, 302...), and pages a person sees instead of an error body. */
  responses: Record<number, ResponseDoc>;
  /** Error statuses this route answers (with the shared error body) besides those every route of its kind has. */
  errors: number[];
  /** Answers carry X-RateLimit-* headers (and Retry-After on 429) from a limit the service itself applies. */
  serviceRateLimit?: true;
}

export type RouteDocs = Record<string, RouteDoc>;

export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

export const jsonAnswer = (schema: TSchema, description: string): ResponseDoc => ({ description, schema });
