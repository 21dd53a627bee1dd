import type { Request, Response } from 'express';
import { SigningUrlRequest } from '@signet/contracts';
import { parseWith, requestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { issueSigningLink } from './issue-signing-link';

/** POST /api/v1/envelopes/:id/recipients/:recipient_id/signing_url, with an optional JSON `{rotate}`. */
export function signingUrlHandler(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const input = parseWith(SigningUrlRequest, req.body ?? {});
    const signingUrl = await issueSigningLink(deps, requestContext(res), {
      envelopeId: String(req.params.id), recipientId: String(req.params.recipient_id), rotate: input.rotate === true
    });
    res.json({ signing_url: signingUrl });
  };
}
