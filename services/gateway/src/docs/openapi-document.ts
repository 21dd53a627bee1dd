import { buildOpenApiDocument, capturedExamples, EXAMPLE_BASE_URL, type ServedRoute } from '@signet/contracts';
import { API_KEY_ROUTES } from '../api-keys/api-key-routes';
import { BUILDER_SESSION_ROUTES } from '../builder-sessions/builder-session-routes';
import { GATEWAY_ROUTES } from '../routes/gateway-route-table';
import { PUBLIC_ROUTES } from '../routes/public-route-table';
import { ROUTES } from '../routes/route-table';

/** Every route the gateway serves and documents, from its three route tables. */
export function servedRoutes(): ServedRoute[] {
  return [
    ...ROUTES.map((route) => ({ method: route.method, path: route.path, access: 'apiKey' as const, rateLimited: route.rateLimit !== undefined || route.planLimited === true })),
    ...BUILDER_SESSION_ROUTES.map((route) => ({ method: route.method, path: route.path, access: 'apiKey' as const })),
    ...API_KEY_ROUTES.map((route) => ({ method: route.method, path: route.path, access: 'apiKey' as const })),
    ...PUBLIC_ROUTES.map((route) => ({ method: route.method, path: route.path, access: 'public' as const, rateLimited: !route.unlimited })),
    ...GATEWAY_ROUTES.map((route) => ({ method: route.method, path: route.path, access: 'gateway' as const }))
  ];
}

/** The version integrators see; bump it when the API changes. */
export const API_VERSION = '1.0.0';

/**
 * The OpenAPI document docs/openapi.json holds, with the examples `npm run docs:examples` captured; the
 * gateway serves it with its own base URL as the server.
 */
export function openApiDocument(serverUrl = EXAMPLE_BASE_URL): Record<string, unknown> {
  return buildOpenApiDocument(servedRoutes(), { version: API_VERSION, serverUrl, examples: capturedExamples() });
}
