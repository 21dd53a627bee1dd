import type { Express } from 'express';
import { ExtendRequest } from '@signet/contracts';
import { parseWith, requestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { extendEnvelope } from '../expiry/extend-envelope';
import { remindRecipient } from '../expiry/remind-recipient';
import { envelopeView } from '../present/envelope-view';

/** Extending (or reactivating) an envelope and reminding a recipient now: adapters of the use cases. */
export function expiryRoutes(router: Express, deps: EnvelopeDeps): void {
  router.post('/api/v1/envelopes/:id/extend', async (req, res) => {
    const input = parseWith(ExtendRequest, req.body ?? {});
    const extended = await extendEnvelope(deps, { context: requestContext(res), envelopeId: String(req.params.id), expiresAt: input.expires_at });
    res.json({ envelope: await envelopeView(extended, deps.links) });
  });
  router.post('/api/v1/envelopes/:id/recipients/:recipient_id/remind', async (req, res) => {
    const remindedAt = await remindRecipient(deps, { context: requestContext(res), envelopeId: String(req.params.id), recipientId: String(req.params.recipient_id) });
    res.json({ success: true, reminded_at: remindedAt.toISOString() });
  });
}
