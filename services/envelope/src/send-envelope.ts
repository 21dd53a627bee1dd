import { AppError, newSecretToken, notFound, RequestContext } from '@signet/http';
import type { Settings } from '@signet/contracts';

import type { EnvelopeDeps } from './envelope-deps';
import { nextTurn } from './signing/next-turn';
import { writeEnvelopeEvent, writeRecipientEvent } from './envelope-events';
import { scheduleExpiry, startReminders } from './expiry/expiry-schedule';
import { expiryAtSend } from './expiry/expiry-settings';
import type { RecipientRow } from './model';
import { ENVELOPE_MACHINE } from './state/envelope-machine';
import { RECIPIENT_MACHINE } from './state/recipient-machine';

/** Whose turn it is first: everyone for PARALLEL; for SEQUENTIAL the lowest order (all who share it), and on past any order that holds nobody up (`nextTurn`). */
export function firstTurn(recipients: RecipientRow[], order: 'PARALLEL' | 'SEQUENTIAL'): Set<string> {
  if (order === 'PARALLEL') return new Set(recipients.filter((recipient) => recipient.role !== 'CC').map((recipient) => recipient.id));
  return new Set(nextTurn(recipients, order).map((recipient) => recipient.id));
}

/**
 * Where signing links point: the origin of branding.url_signature_flow (the integrator's custom https
 * domain, which they point at Signet's gateway) when set, else PUBLIC_BASE_URL. Only the origin: the
 * page loads its files and API from absolute paths (/sign/assets, /signing/v1), so a path prefix would
 * break it.
 */
export function signingLinkBase(settings: Pick<Settings, 'branding'>, publicBaseUrl: string): string {
  const custom = settings.branding.url_signature_flow;
  if (!custom) return publicBaseUrl;
  try {
    return new URL(custom).origin;
  } catch {
    return publicBaseUrl;
  }
}

/**
 * POST /api/v1/envelopes/:id/send_invitation (and a batch's send item): sends an envelope once, from
 * CREATED, with at least one document: gives each recipient a signing link and records the events the
 * emails and webhooks follow from, and queues what is timed: expiry, its warning, reminders. It returns
 * before any email is sent.
 */
export async function sendEnvelope(deps: EnvelopeDeps, { context, envelopeId }: { context: RequestContext; envelopeId: string }): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, context.tenantId, envelopeId, { forUpdate: true });
    if (!aggregate) throw notFound('Envelope');
    const { envelope } = aggregate;
    const status = ENVELOPE_MACHINE.next(envelope.status, 'send');
    if (aggregate.documents.length === 0) throw new AppError('CONFLICT', 'The envelope has no documents: add one before sending');
    const expiresAt = expiryAtSend(envelope.settings, envelope.expires_at ?? null, now);
    if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
      throw new AppError('CONFLICT', `The envelope's expires_at (${expiresAt.toISOString()}) has passed: update it before sending`);
    }
    const turn = firstTurn(aggregate.recipients, envelope.settings.signature_flow.signature_order);
    const linkBase = signingLinkBase(envelope.settings, deps.config.publicBaseUrl);
    const links = new Map<string, string>();
    const recipients = aggregate.recipients.map((recipient) => {
      // A CC has no link and nothing to do: copied at once, they receive the completed documents.
      if (recipient.role === 'CC') {
        const changes = { status: RECIPIENT_MACHINE.next(recipient.status, 'copy'), updated_at: now };
        return { recipient: { ...recipient, ...changes }, changes };
      }
      const { token, hash } = newSecretToken();
      links.set(recipient.id, `${linkBase}/sign/${token}`);
      const invited = turn.has(recipient.id) ? { status: RECIPIENT_MACHINE.next(recipient.status, 'invite'), turn_started_at: now } : {};
      const changes = { ...invited, access_token_hash: hash, updated_at: now };
      return { recipient: { ...recipient, ...changes }, changes };
    });
    for (const { recipient, changes } of recipients) {
      await deps.store.updateRecipient(trx, recipient.id, changes);
      const link = links.get(recipient.id);
      if (link !== undefined) await deps.signingLinks.keep(trx, recipient.id, link, now);
    }
    const sent = { ...aggregate, envelope: { ...envelope, status, sent_at: now, expires_at: expiresAt, updated_at: now }, recipients: recipients.map(({ recipient }) => recipient) };
    await deps.store.updateEnvelope(trx, envelope.id, { status, sent_at: now, expires_at: expiresAt, updated_at: now });
    if (expiresAt !== null) await scheduleExpiry(deps, trx, sent.envelope, expiresAt, now);
    for (const id of turn) await startReminders(deps, trx, sent.envelope, id, now);
    await writeEnvelopeEvent(trx, 'envelope.in_progress', sent, deps.links, context, now);
    for (const recipient of sent.recipients) {
      const link = links.get(recipient.id);
      if (link === undefined) await writeRecipientEvent(trx, 'recipient.copied', recipient, envelope.api_key_id, context, now);
      else await writeRecipientEvent(trx, 'recipient.link_generated', recipient, envelope.api_key_id, context, now, { signing_url: link });
    }
    for (const recipient of sent.recipients.filter((candidate) => turn.has(candidate.id))) {
      await writeRecipientEvent(trx, 'recipient.in_progress', recipient, envelope.api_key_id, context, now);
    }
  });
  deps.relay.wake();
}
