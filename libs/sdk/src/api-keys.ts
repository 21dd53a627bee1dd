import { unwrap } from './errors';
import type { components } from './generated/openapi';
import type { MethodContext } from './methods';

type Schemas = components['schemas'];
export type ApiKeyCreateRequest = Schemas['ApiKeyCreateRequest'];
/** A key as created or rotated: with its secret, shown only then. */
export type ApiKeyWithSecret = Schemas['ApiKeyWithSecret'];
export type ApiKey = Schemas['ApiKeyView'];

/**
 * `client.apiKeys`: the keys of your tenant, for a key with the `admin` scope (others get SignetError 403).
 * A secret is shown only when the key is created or rotated.
 */
export function apiKeyMethods({ api }: MethodContext) {
  return {
    apiKeys: {
      /** Every key of the tenant, revoked ones included, oldest first. */
      async list(): Promise<ApiKey[]> {
        return unwrap(await api.GET('/api/v1/api_keys', {})).api_keys;
      },
      /** `{name}`, and `scopes: ['admin']` for a key that may manage keys; the plan and limits are the caller's. */
      async create(input: ApiKeyCreateRequest): Promise<ApiKeyWithSecret> {
        return unwrap(await api.POST('/api/v1/api_keys', { body: input })).api_key;
      },
      async get(id: string): Promise<ApiKey> {
        return unwrap(await api.GET('/api/v1/api_keys/{id}', { params: { path: { id } } })).api_key;
      },
      /** Refused from the next request on. */
      async revoke(id: string): Promise<void> {
        unwrap(await api.DELETE('/api/v1/api_keys/{id}', { params: { path: { id } } }));
      },
      /** A new secret for the same key; the previous one keeps working `overlapMinutes` (default 60, 0 to 10080). */
      async rotate(id: string, options: { overlapMinutes?: number } = {}): Promise<ApiKeyWithSecret> {
        const body = options.overlapMinutes === undefined ? {} : { overlap_minutes: options.overlapMinutes };
        return unwrap(await api.POST('/api/v1/api_keys/{id}/rotate', { params: { path: { id } }, body })).api_key;
      }
    }
  };
}
