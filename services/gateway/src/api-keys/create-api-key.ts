import { ApiKeyCreateRequest, type ApiKeyWithSecret } from '@signet/contracts';
import { parseWith } from '@signet/http';
import type { ApiKeyDeps } from './api-key-deps';
import type { ApiKeyRecord } from './api-key-repository';
import { generateApiKey } from './api-key-secret';
import { apiKeyView } from './api-key-view';

/**
 * A new key of the caller's tenant with the caller's plan and envelope limits (a key cannot mint one
 * that may create more envelopes than itself), admin only if asked. Its secret is in this answer only.
 */
export async function createApiKey(deps: ApiKeyDeps, input: { caller: ApiKeyRecord; body: unknown }): Promise<ApiKeyWithSecret> {
  const request = parseWith(ApiKeyCreateRequest, input.body);
  const key = generateApiKey();
  const now = deps.clock();
  const record = await deps.keys.insert({
    key,
    tenantId: input.caller.tenant_id,
    plan: input.caller.plan,
    name: request.name.trim(),
    scopes: request.scopes ?? [],
    now,
    envelopesPerHour: input.caller.envelopes_per_hour,
    envelopesPerDay: input.caller.envelopes_per_day
  });
  return { ...apiKeyView(record, now), key };
}
