import { AppError, newSecretToken, notFound, type RequestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { writeRecipientEvent } from '../envelope-events';
import { signingLinkBase } from '../send-envelope';

export interface IssueSigningLinkInput {
  envelopeId: string;
  recipientId: string;
  /** A new link that ends the current one, instead of the current one. */
  rotate: boolean;
}

/**
 * A recipient's signing link on request, for integrators who embed signing or send the link themselves:
 * the current one (`recipient.link_requested` records that it was handed out), or with `rotate` a new
 * one whose token replaces the old (which then opens nothing), published as `recipient.link_generated`.
 * Only while the envelope is IN_PROGRESS: before sending there is no link, afterwards nothing to sign.
 */
export async function issueSigningLink(deps: EnvelopeDeps, context: RequestContext, input: IssueSigningLinkInput): Promise<string> {
  const now = deps.clock();
  const url = await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, context.tenantId, input.envelopeId, { forUpdate: true });
    if (!aggregate) throw notFound('Envelope');
    const recipient = aggregate.recipients.find((candidate) => candidate.id === input.recipientId);
    if (!recipient) throw notFound('Recipient');
    if (recipient.role === 'CC') throw new AppError('CONFLICT', 'A CC recipient has no signing link: they receive the completed documents by email');
    const { envelope } = aggregate;
    if (envelope.status !== 'IN_PROGRESS') throw new AppError('CONFLICT', `Signing links exist only while the envelope is IN_PROGRESS (it is ${envelope.status})`);
    const current = input.rotate ? null : await deps.signingLinks.current(trx, recipient.id);
    if (current !== null) {
      await writeRecipientEvent(trx, 'recipient.link_requested', recipient, envelope.api_key_id, context, now);
      return current;
    }
    const { token, hash } = newSecretToken();
    const link = `${signingLinkBase(envelope.settings, deps.config.publicBaseUrl)}/sign/${token}`;
    await deps.store.updateRecipient(trx, recipient.id, { access_token_hash: hash, updated_at: now });
    await deps.signingLinks.keep(trx, recipient.id, link, now);
    await writeRecipientEvent(trx, 'recipient.link_generated', { ...recipient, access_token_hash: hash, updated_at: now }, envelope.api_key_id, context, now, { signing_url: link });
    return link;
  });
  deps.relay.wake();
  return url;
}
