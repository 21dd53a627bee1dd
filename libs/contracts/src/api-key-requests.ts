import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema-helpers';

/*
 * API keys managed through the API (the gateway owns them). A key's scopes say what it may do beyond
 * the documents of its tenant: `admin` manages the tenant's keys.
 */

export const API_KEY_SCOPES = ['admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How long a rotated key's previous secret keeps working: up to 7 days, an hour unless asked. */
export const API_KEY_OVERLAP_MINUTES = { min: 0, max: 10_080, default: 60 } as const;

export const API_KEY_NAME_MAX_LENGTH = 100;

/** POST /api/v1/api_keys: a new key of the caller's tenant, plan and envelope limits. */
export const ApiKeyCreateRequest = Type.Object({
  name: Type.String({
    minLength: 1, maxLength: API_KEY_NAME_MAX_LENGTH, pattern: '\\S',
    description: 'What the key is for, as lists show it (e.g. `production`, `ci`)',
    errorMessage: `must be 1-${API_KEY_NAME_MAX_LENGTH} characters, not only spaces`
  }),
  scopes: Type.Optional(Type.Array(LiteralUnion(API_KEY_SCOPES, { errorMessage: `must be one of ${API_KEY_SCOPES.join(', ')}` }), {
    uniqueItems: true,
    description: '`["admin"]` lets the new key manage the tenant\'s keys. Default `[]`: the key works with documents, templates, settings and webhooks only'
  }))
}, { additionalProperties: false });
export type ApiKeyCreateRequest = Static<typeof ApiKeyCreateRequest>;

/** POST /api/v1/api_keys/:id/rotate: how long the secret being replaced keeps working. */
export const ApiKeyRotateRequest = Type.Object({
  overlap_minutes: Type.Optional(Type.Integer({
    minimum: API_KEY_OVERLAP_MINUTES.min, maximum: API_KEY_OVERLAP_MINUTES.max,
    description: `Minutes the previous secret keeps working beside the new one, ${API_KEY_OVERLAP_MINUTES.min}-${API_KEY_OVERLAP_MINUTES.max} (7 days). Default ${API_KEY_OVERLAP_MINUTES.default}; 0 ends it at once`,
    errorMessage: `must be a whole number of minutes from ${API_KEY_OVERLAP_MINUTES.min} to ${API_KEY_OVERLAP_MINUTES.max}`
  }))
}, { additionalProperties: false });
export type ApiKeyRotateRequest = Static<typeof ApiKeyRotateRequest>;
