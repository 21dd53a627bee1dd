import type { Knex } from 'knex';
import { EventContext, NewOutboxRow, outboxRowFor, writeOutboxEvent } from '@signet/bus';
import type { RequestContext } from '@signet/http';
import type { ConsumerConsentDetails, EnvelopeField } from '@signet/contracts';
import type { EnvelopeAggregate, RecipientRow } from './model';
import type { DocumentLinks } from './present/document-links';
import { envelopePayload, recipientPayload } from './present/envelope-payload';

export type EnvelopeEventType = 'envelope.created' | 'envelope.updated' | 'envelope.in_progress' | 'envelope.voided' | 'envelope.success'
  | 'envelope.expired' | 'envelope.extended' | 'envelope.reactivated';
export type RecipientEventType = 'recipient.link_generated' | 'recipient.link_requested' | 'recipient.in_progress' | 'recipient.signed_all' | 'recipient.rejected'
  | 'recipient.approved' | 'recipient.witnessed' | 'recipient.viewed' | 'recipient.copied'
  | 'recipient.email_sent' | 'recipient.email_received' | 'recipient.email_bounced' | 'recipient.email_opened' | 'recipient.email_clicked'
  | 'recipient.reminder_sent' | 'recipient.expiry_warning_sent' | 'recipient.consented' | 'recipient.consent_withdrawn';

/** Who caused an event: an API call's context, or (for a consumer) the tenant and request of the event it handles. */
export type EventActor = Pick<RequestContext, 'tenantId'> & { requestId: string | null };

/** Events name the key that created the envelope (whose webhooks receive them), whichever key acted. */
function eventContext(context: EventActor, creatorKeyId: string): EventContext {
  return { tenantId: context.tenantId, apiKeyId: creatorKeyId, requestId: context.requestId };
}

/** The outbox row of an envelope event, with the whole envelope as its data, for a statement that writes it. */
export async function envelopeEventRow(
  eventType: EnvelopeEventType, aggregate: EnvelopeAggregate, links: DocumentLinks, context: EventActor, at: Date
): Promise<NewOutboxRow> {
  return outboxRowFor({
    eventType,
    key: aggregate.envelope.id,
    data: await envelopePayload(aggregate, links),
    context: eventContext(context, aggregate.envelope.api_key_id),
    occurredAt: at
  }).row;
}

/** Records an envelope event, with the whole envelope as its data, in the caller's transaction. */
export async function writeEnvelopeEvent(
  trx: Knex.Transaction, eventType: EnvelopeEventType, aggregate: EnvelopeAggregate, links: DocumentLinks, context: EventActor, at: Date
): Promise<void> {
  await trx('outbox').insert(await envelopeEventRow(eventType, aggregate, links, context, at));
}

/** What particular recipient events carry beside the recipient. */
export interface RecipientEventExtra {
  signing_url?: string;
  reason?: string;
  ip_address?: string | null;
  user_agent?: string | null;
  number?: number | null;
  expires_at?: string;
  fields?: EnvelopeField[];
  consumer_consent?: ConsumerConsentDetails;
}

export async function writeRecipientEvent(
  trx: Knex.Transaction, eventType: RecipientEventType, recipient: RecipientRow, creatorKeyId: string, context: EventActor, at: Date,
  extra: RecipientEventExtra = {}
): Promise<void> {
  await writeOutboxEvent(trx, {
    eventType,
    key: recipient.envelope_id,
    data: { ...recipientPayload(recipient), ...extra },
    context: eventContext(context, creatorKeyId),
    occurredAt: at
  });
}
