import { CreateWebhookRequest } from '@signet/contracts';
import { v7 as uuidv7 } from 'uuid';
import { AppError, parseWith, validationError } from '@signet/http';
import type { Owner, WebhookRow } from './model';
import { webhookView } from './present/webhook-view';
import { newSigningSecret } from './signing/signing-secret';
import type { WebhookDeps } from './webhook-deps';
import { checkFields } from './webhook-input';

/** Enough for one receiver per environment and event family; each webhook multiplies every event. */
export const MAX_WEBHOOKS_PER_KEY = 50;

/**
 * POST /api/v1/webhooks: a webhook of the calling key. The answer is the only time the
 * signing secret is shown; `auth` is never shown.
 */
export async function createWebhook(deps: WebhookDeps, { owner, body }: { owner: Owner; body: unknown }): Promise<{ success: true; webhook: ReturnType<typeof webhookView> & { signing_secret: string } }> {
  const input = parseWith(CreateWebhookRequest, body);
  if (input.auth_type !== undefined && input.auth === undefined) {
    throw validationError([{ field: 'auth', message: 'is required when auth_type is header: it is the value sent with each delivery' }]);
  }
  const fields = checkFields(input, deps.policy);
  const now = deps.clock();
  const webhook: WebhookRow = {
    id: uuidv7(),
    tenant_id: owner.tenantId,
    api_key_id: owner.apiKeyId,
    url: fields.url as string,
    subscriptions: fields.subscriptions ?? [],
    auth: input.auth ?? null,
    signing_secret: newSigningSecret(),
      previous_signing_secret: null,
      previous_secret_expires_at: null,
    retry_schedule: input.retry_schedule ?? 'STANDARD',
    created_at: now,
    updated_at: now
  };
  await deps.db.transaction(async (trx) => {
    const count = await deps.webhooks.lockOwner(trx, owner);
    if (count >= MAX_WEBHOOKS_PER_KEY) throw new AppError('CONFLICT', `This API key has ${MAX_WEBHOOKS_PER_KEY} webhooks, the most it may have: delete one first`);
    await deps.webhooks.insert(trx, webhook);
  });
  return { success: true, webhook: { ...webhookView(webhook), signing_secret: webhook.signing_secret } };
}
