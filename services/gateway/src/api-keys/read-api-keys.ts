import type { ApiKeyView } from '@signet/contracts';
import { notFound } from '@signet/http';
import type { ApiKeyDeps } from './api-key-deps';
import { apiKeyView } from './api-key-view';

/** Every key of the tenant, revoked ones included, oldest first. */
export async function listApiKeys(deps: ApiKeyDeps, tenantId: string): Promise<ApiKeyView[]> {
  const now = deps.clock();
  return (await deps.keys.list(tenantId)).map((record) => apiKeyView(record, now));
}

/** One key of the tenant; another tenant's is as unknown as a key that never was. */
export async function readApiKey(deps: ApiKeyDeps, input: { tenantId: string; id: string }): Promise<ApiKeyView> {
  const record = await deps.keys.findOfTenant(input.tenantId, input.id);
  if (!record) throw notFound('API key');
  return apiKeyView(record, deps.clock());
}
