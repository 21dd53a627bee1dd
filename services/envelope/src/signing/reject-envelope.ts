import type { Request, Response } from 'express';
import { RejectRequest } from '@signet/contracts';
import { AppError, parseWith, requestIdOf } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { writeEnvelopeEvent, writeRecipientEvent } from '../envelope-events';
import type { EnvelopeAggregate } from '../model';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { RECIPIENT_MACHINE } from '../state/recipient-machine';
import { signerIdentity } from './signer-identity';
import { loadSigningAccess } from './signing-access';
import { SIGNING_STATE_MESSAGES } from './signing-state';

/**
 * POST /signing/v1/:token/reject (public): the recipient whose turn it is declines. The spec has no
 * DECLINED status, so the envelope becomes VOIDED (docs/decisions.md): recipient.rejected with the
 * reason, then envelope.voided; every link then shows REJECTED and can do nothing.
 */
export function rejectEnvelope(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const reason = parseWith(RejectRequest, req.body ?? {}).reason.trim();
    const identity = signerIdentity(req);
    const now = deps.clock();
    await deps.db.transaction(async (trx) => {
      const access = await loadSigningAccess(deps, trx, String(req.params.token), { forUpdate: true });
      if (access.state !== 'READY') throw new AppError('CONFLICT', SIGNING_STATE_MESSAGES[access.state]);
      const { envelope } = access.aggregate;
      const recipientChanges = { status: RECIPIENT_MACHINE.next(access.recipient.status, 'reject'), rejected_at: now, rejection_reason: reason, updated_at: now };
      const rejected = { ...access.recipient, ...recipientChanges };
      await deps.store.updateRecipient(trx, rejected.id, recipientChanges);
      const envelopeChanges = { status: ENVELOPE_MACHINE.next(envelope.status, 'reject'), voided_at: now, updated_at: now };
      await deps.store.updateEnvelope(trx, envelope.id, envelopeChanges);
      const voided: EnvelopeAggregate = {
        ...access.aggregate,
        envelope: { ...envelope, ...envelopeChanges },
        recipients: access.aggregate.recipients.map((recipient) => (recipient.id === rejected.id ? rejected : recipient))
      };
      const actor = { tenantId: envelope.tenant_id, requestId: requestIdOf(res) };
      await writeRecipientEvent(trx, 'recipient.rejected', rejected, envelope.api_key_id, actor, now, { reason, ...identity });
      await writeEnvelopeEvent(trx, 'envelope.voided', voided, deps.links, actor, now);
    });
    deps.relay.wake();
    res.json({ success: true, state: 'REJECTED' });
  };
}
