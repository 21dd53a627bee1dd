import { API_KEY_OVERLAP_MINUTES, ApiKeyRotateRequest, type ApiKeyWithSecret } from '@signet/contracts';
import { notFound, parseWith } from '@signet/http';
import type { ApiKeyDeps } from './api-key-deps';
import { generateApiKey } from './api-key-secret';
import { apiKeyView } from './api-key-view';

/**
 * A new secret for the same key (its settings, webhooks and sessions belong to its id and stay); the
 * secret it replaces works until the overlap ends on Signet's clock. The new secret is in this answer only.
 */
export async function rotateApiKey(deps: ApiKeyDeps, input: { tenantId: string; id: string; body: unknown }): Promise<ApiKeyWithSecret> {
  const request = parseWith(ApiKeyRotateRequest, input.body ?? {});
  const overlapMinutes = request.overlap_minutes ?? API_KEY_OVERLAP_MINUTES.default;
  const key = generateApiKey();
  const now = deps.clock();
  const previousUntil = overlapMinutes > 0 ? new Date(now.getTime() + overlapMinutes * 60_000) : null;
  const record = await deps.keys.rotate({ tenantId: input.tenantId, id: input.id, key, previousUntil });
  if (!record) throw notFound('API key');
  deps.forgetCachedKeys();
  return { ...apiKeyView(record, now), key };
}
