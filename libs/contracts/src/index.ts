export * from './event-types';
export * from './topics';
export * from './event';
export * from './event-schemas';
export * from './payloads/envelope-document';
export * from './payloads/envelope-recipient';
export * from './payloads/envelope-placement';
export * from './payloads/envelope-payload';
export * from './payloads/recipient-payload';
export * from './payloads/file-uploaded-payload';
export * from './payloads/settings-updated-payload';
export * from './payloads/document-processed-payload';
export * from './payloads/batch-completed-payload';
export * from './settings';
export { DEFAULT_SENDER_NAME, TEMPLATE_VARIABLES } from './settings-fields';
export * from './settings-payload';
export { localizationFor } from './settings-localization';
export type { FieldError } from './field-errors';
export * from './validate';
export * from './input-limits';
export { validateEnvelopeDefinition } from './envelope-definition';

// TypeBox types carry unique symbols, so schemas built with a second copy of the package do not type-check
// against these; services build their request schemas with this one.
export { Type, type Static, type TSchema } from '@sinclair/typebox';
export * from './envelope-requests';
export * from './upload-requests';
export * from './validation-requests';
export * from './webhook-requests';
export * from './signing-requests';
export * from './envelope-list';
export * from './batch-requests';
export { renderEventCatalog } from './event-catalog';
export * from './seal-responses';
export * from './responses';
export { buildOpenApiDocument, undocumentedRoutes, ROUTE_DOCS, type ServedRoute } from './openapi/build-openapi';
export { bracketFields } from './openapi/bracket-fields';
export { capturedExamples, CAPTURED_EXAMPLES_FILE, EXAMPLE_BASE_URL, type CapturedExamples, type OperationExamples } from './openapi/captured-examples';
export type { RouteDoc, ResponseDoc, RequestDoc } from './openapi/route-doc';
