import type { Express, Request, Response } from 'express';
import { Type } from '@signet/contracts';
import { internalPost, requestContext } from '@signet/http';
import { sendLimitHeaders } from '../codes/send-limits';
import { getValidationStatus } from '../get-validation-status';
import type { ValidationChannel } from '../model';
import type { RecipientFacts, ValidationSettings } from '../recipient-facts';
import { sendCode } from '../send-code';
import type { ValidationDeps } from '../validation-deps';
import { verifyCode } from '../verify-code';

/** What the envelope part sends with each code call: the recipient, and the signer's or integrator's checked request. */
interface CodeCall {
  recipient: RecipientFacts;
  channel?: ValidationChannel;
  code?: string;
}

const StatusCall = Type.Object({
  envelope_id: Type.String(),
  recipient_id: Type.String(),
  validations: Type.Object({}, { additionalProperties: true })
});

/**
 * The internal routes the envelope part calls (it owns the public routes, checks their bodies and knows
 * the recipient): adapters of the use cases, with the answers the public routes give.
 */
export function codeRoutes(deps: ValidationDeps) {
  return (router: Express): void => {
    router.post('/internal/validations/send_code', async (req: Request, res: Response) => {
      const call = req.body as CodeCall;
      const sent = await sendCode(deps, { context: requestContext(res), facts: call.recipient, channel: call.channel ?? 'email' });
      res.set(sendLimitHeaders(sent.limits));
      res.json({ success: true, expires_at: sent.expiresAt.toISOString() });
    });
    router.post('/internal/validations/verify_code', async (req: Request, res: Response) => {
      const call = req.body as CodeCall;
      const verified = await verifyCode(deps, { context: requestContext(res), facts: call.recipient, channel: call.channel ?? 'email', code: call.code as string });
      res.json({ success: true, verified_at: verified.verifiedAt.toISOString() });
    });
    internalPost(router, '/internal/validations/status', StatusCall, (context, body) => getValidationStatus(deps, {
      context, envelopeId: body.envelope_id, recipientId: body.recipient_id, validations: body.validations as ValidationSettings['validations']
    }));
  };
}
