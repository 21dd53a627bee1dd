import type { Request, Response } from 'express';
import { webhookView } from './present/webhook-view';
import { rotateSigningSecret } from './rotate-signing-secret';
import type { WebhookDeps } from './webhook-deps';
import { ownerOf } from './webhook-owner';

/** POST /api/v1/webhooks/:id/rotate_secret: the new secret is shown in this answer and never again. */
export function rotateSecretHandler(deps: WebhookDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const rotated = await rotateSigningSecret(deps, ownerOf(res), String(req.params.id));
    res.json({
      success: true,
      webhook: { ...webhookView(rotated.webhook), signing_secret: rotated.signingSecret },
      previous_secret_expires_at: rotated.previousSecretExpiresAt.toISOString()
    });
  };
}
