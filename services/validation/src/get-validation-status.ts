import type { Request, Response } from 'express';
import { requestContext } from '@signet/http';
import type { ValidationDeps } from './validation-deps';

/**
 * GET /internal/validations/envelopes/:envelope_id/recipients/:recipient_id/status: the gate the signing
 * flow enforces. `required` when the envelope asks for email validation, `order` where it applies (0:
 * before the documents are shown, 1: before signing), and whether this recipient has verified a code.
 */
export function getValidationStatus(deps: ValidationDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const context = requestContext(res);
    const { envelope, recipient } = await deps.envelopes.recipient(context, String(req.params.envelope_id), String(req.params.recipient_id));
    const standing = await deps.codes.standing(deps.db, { tenant_id: context.tenantId, envelope_id: envelope.id, recipient_id: recipient.id });
    const verifiedAt = standing?.verified_at ?? null;
    res.json({
      required: envelope.settings.validations.email.enabled,
      order: envelope.settings.validations.email.order,
      verified: verifiedAt !== null,
      verified_at: verifiedAt === null ? null : verifiedAt.toISOString()
    });
  };
}
