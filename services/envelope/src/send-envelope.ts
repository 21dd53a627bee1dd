import type { Request, Response } from 'express';
import { AppError, newSecretToken, notFound, RequestContext, requestContext } from '@signet/http';
import type { Settings } from '@signet/contracts';

import type { EnvelopeDeps } from './envelope-deps';
import { writeEnvelopeEvent, writeRecipientEvent } from './envelope-events';
import type { RecipientRow } from './model';

/** Whose turn it is first: everyone for PARALLEL, the lowest order (all who share it) for SEQUENTIAL. */
export function firstTurn(recipients: RecipientRow[], order: 'PARALLEL' | 'SEQUENTIAL'): Set<string> {
  if (order === 'PARALLEL') return new Set(recipients.map((recipient) => recipient.id));
  const lowest = Math.min(...recipients.map((recipient) => recipient.order));
  return new Set(recipients.filter((recipient) => recipient.order === lowest).map((recipient) => recipient.id));
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

/** POST /api/v1/envelopes/:id/send_invitation; it answers before any email is sent. */
export function sendEnvelope(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    await sendEnvelopeNow(deps, requestContext(res), String(req.params.id));
    res.json({ success: true });
  };
}

/**
 * Sends an envelope once, from CREATED, with at least one document: gives each recipient a signing link
 * and records the events the emails and webhooks follow from.
 */
export async function sendEnvelopeNow(deps: EnvelopeDeps, context: RequestContext, envelopeId: string): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, context.tenantId, envelopeId, { forUpdate: true });
    if (!aggregate) throw notFound('Envelope');
    const { envelope } = aggregate;
    if (envelope.status !== 'CREATED') throw new AppError('CONFLICT', `Envelope not in CREATED status (it is ${envelope.status})`);
    if (aggregate.documents.length === 0) throw new AppError('CONFLICT', 'The envelope has no documents: add one before sending');
    const turn = firstTurn(aggregate.recipients, envelope.settings.signature_flow.signature_order);
    const linkBase = signingLinkBase(envelope.settings, deps.config.publicBaseUrl);
    const links = new Map<string, string>();
    const recipients = aggregate.recipients.map((recipient) => {
      const { token, hash } = newSecretToken();
      links.set(recipient.id, `${linkBase}/sign/${token}`);
      return { ...recipient, status: turn.has(recipient.id) ? 'IN_PROGRESS' as const : 'PENDING' as const, access_token_hash: hash, updated_at: now };
    });
    for (const recipient of recipients) {
      await deps.store.updateRecipient(trx, recipient.id, { status: recipient.status, access_token_hash: recipient.access_token_hash, updated_at: now });
      await deps.signingLinks.keep(trx, recipient.id, links.get(recipient.id) as string, now);
    }
    const sent = { ...aggregate, envelope: { ...envelope, status: 'IN_PROGRESS' as const, sent_at: now, updated_at: now }, recipients };
    await deps.store.updateEnvelope(trx, envelope.id, { status: 'IN_PROGRESS', sent_at: now, updated_at: now });
    await writeEnvelopeEvent(trx, 'envelope.in_progress', sent, deps.links, context, now);
    for (const recipient of recipients) {
      await writeRecipientEvent(trx, 'recipient.link_generated', recipient, envelope.api_key_id, context, now, { signing_url: links.get(recipient.id) as string });
    }
    for (const recipient of recipients.filter((candidate) => turn.has(candidate.id))) {
      await writeRecipientEvent(trx, 'recipient.in_progress', recipient, envelope.api_key_id, context, now);
    }
  });
  deps.relay.wake();
}
