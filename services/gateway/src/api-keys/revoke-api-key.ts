import { notFound } from '@signet/http';
import type { ApiKeyDeps } from './api-key-deps';

/** Revokes a live key of the tenant, the caller's own included: every replica refuses it from the next request on. */
export async function revokeApiKey(deps: ApiKeyDeps, input: { tenantId: string; id: string }): Promise<void> {
  if (!(await deps.keys.revoke(input.id, deps.clock(), input.tenantId))) throw notFound('API key');
  deps.forgetCachedKeys();
}
