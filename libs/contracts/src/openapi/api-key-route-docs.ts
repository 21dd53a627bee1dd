import { ApiKeyCreateRequest, ApiKeyRotateRequest } from '../api-key-requests';
import { ApiKeyIssuedResponse, ApiKeyListResponse, ApiKeyResponse, SuccessResponse } from '../responses';
import { jsonAnswer, type RouteDocs } from './route-doc';

const ADMIN = 'Needs a key with the `admin` scope (403 FORBIDDEN otherwise); only the keys of the caller\'s tenant are seen or touched (another tenant\'s key is 404).';

/** The tenant's API keys: list, create, revoke and rotate, by a key with the `admin` scope. */
export const API_KEY_ROUTE_DOCS: RouteDocs = {
  'GET /api/v1/api_keys': {
    operationId: 'listApiKeys',
    summary: "List the tenant's API keys",
    description: `Every key of the tenant, oldest first, revoked ones included: its name, plan, scopes, the first characters of its secret, when it was last used and, after a rotation, until when the previous secret works. Never a secret. ${ADMIN}`,
    tag: 'API keys',
    responses: { 200: jsonAnswer(ApiKeyListResponse, 'The keys') },
    errors: []
  },
  'POST /api/v1/api_keys': {
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description: `A new key of the caller's tenant, with the caller's plan and envelope limits. It has no scope unless \`scopes: ["admin"]\` is asked for. The secret is in this answer only: Signet keeps a hash of it. The key works at once. ${ADMIN}`,
    tag: 'API keys',
    request: { json: ApiKeyCreateRequest },
    responses: { 200: jsonAnswer(ApiKeyIssuedResponse, 'The key, with its secret (shown only here)') },
    errors: [422]
  },
  'GET /api/v1/api_keys/:id': {
    operationId: 'getApiKey',
    summary: 'Read an API key',
    description: `The key as the list shows it, never its secret. ${ADMIN}`,
    tag: 'API keys',
    responses: { 200: jsonAnswer(ApiKeyResponse, 'The key') },
    errors: [404]
  },
  'DELETE /api/v1/api_keys/:id': {
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description: `The key, and a previous secret still in its overlap, are refused (401) from the next request on, by every replica. A key may revoke itself. Its builder sessions stop working with it. A key already revoked is 404. ${ADMIN}`,
    tag: 'API keys',
    responses: { 200: jsonAnswer(SuccessResponse, 'Revoked') },
    errors: [404]
  },
  'POST /api/v1/api_keys/:id/rotate': {
    operationId: 'rotateApiKey',
    summary: "Rotate an API key's secret",
    description: 'A new secret for the same key: its id, name, plan, scopes, settings, webhooks and builder sessions stay. The new secret is in this answer only. ' +
      'The previous one keeps working for `overlap_minutes` (default 60, at most 7 days; 0: not at all), until `previous_key_expires_at`, then is refused (401). ' +
      `Rotating again within the overlap ends the older secret at once. ${ADMIN}`,
    tag: 'API keys',
    request: { json: ApiKeyRotateRequest, optional: true },
    responses: { 200: jsonAnswer(ApiKeyIssuedResponse, 'The key, with its new secret (shown only here)') },
    errors: [404, 422]
  }
};
