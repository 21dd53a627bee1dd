import { notFound } from '@signet/http';
import type { Owner, WebhookRow } from './model';
import { newSigningSecret } from './signing/signing-secret';
import type { WebhookDeps } from './webhook-deps';

/** How long deliveries are signed with both the new and the replaced secret, so receivers switch without losing one. */
export const SECRET_ROTATION_WINDOW_MS = 24 * 3600_000;

export interface RotatedSecret {
  webhook: WebhookRow;
  /** The new secret, for this answer only. */
  signingSecret: string;
  previousSecretExpiresAt: Date;
}

/**
 * Gives a webhook a new signing secret. Until the window ends every delivery carries a signature by
 * each secret (Standard Webhooks' space-separated list), so a receiver verifying with either accepts it.
 */
export async function rotateSigningSecret(deps: Pick<WebhookDeps, 'webhooks' | 'clock'>, input: { owner: Owner; webhookId: string }): Promise<RotatedSecret> {
  const { owner, webhookId } = input;
  const now = deps.clock();
  const signingSecret = newSigningSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + SECRET_ROTATION_WINDOW_MS);
  const webhook = await deps.webhooks.rotateSecret(owner, webhookId, signingSecret, previousSecretExpiresAt, now);
  if (!webhook) throw notFound('Webhook');
  return { webhook, signingSecret, previousSecretExpiresAt };
}
