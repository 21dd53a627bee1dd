import { consumeOnce, type ConsumedEvent, PoisonEventError, type Subscription } from '@signet/bus';
import type { Knex } from 'knex';
import { expiryEmails } from '../expiry/expiry-settings';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import type { EmailDeps } from './email-deps';
import { SIGNED_LINK_DAYS } from './mail-texts';
import { queueMail } from './queue-mail';

const CONSUMER = 'lifecycle-mails';

const SIGNED_LINK_TTL_SECONDS = SIGNED_LINK_DAYS * 24 * 3600;

interface EventData { id: string; envelope_id: string; reason?: string; expires_at?: string; void_reason?: string | null }

/**
 * Consumes the envelope's own events and queues the lifecycle emails they call for, each only when its
 * settings.emails toggle is TRUE. Invitations take the signing link kept when it was issued.
 */
export function queueLifecycleMails(deps: EmailDeps): Subscription {
  async function load(trx: Knex.Transaction, tenantId: string, envelopeId: string): Promise<EnvelopeAggregate> {
    const aggregate = await deps.store.load(trx, tenantId, envelopeId);
    if (!aggregate) throw new PoisonEventError(`envelope ${envelopeId} of tenant ${tenantId} does not exist`);
    return aggregate;
  }

  async function handle({ event, headers }: ConsumedEvent): Promise<void> {
    const data = event.data as EventData;
    const envelopeId = event.event_type.startsWith('envelope.') ? data.id : data.envelope_id;
    const requestId = headers.requestId;
    await consumeOnce(deps.db, CONSUMER, event.id, async (trx) => {
      const aggregate = await load(trx, headers.tenantId, envelopeId);
      const { emails } = aggregate.envelope.settings;
      const recipientOf = (id: string): RecipientRow => {
        const recipient = aggregate.recipients.find((candidate) => candidate.id === id);
        if (!recipient) throw new PoisonEventError(`recipient ${id} is not on envelope ${envelopeId}`);
        return recipient;
      };
      const waitsToSign = (recipient: RecipientRow) => recipient.status === 'IN_PROGRESS' && aggregate.envelope.status === 'IN_PROGRESS';
      switch (event.event_type) {
        case 'recipient.reminder_sent': {
          const recipient = recipientOf(data.id);
          if (!expiryEmails(aggregate.envelope.settings).reminder || !waitsToSign(recipient)) return;
          await queueMail(deps, trx, { kind: 'REMINDER', aggregate, recipient, requestId, tracked: true });
          return;
        }
        case 'recipient.expiry_warning_sent': {
          const recipient = recipientOf(data.id);
          // The warning is about the link: it goes with the reminder's toggle.
          if (!expiryEmails(aggregate.envelope.settings).reminder || !waitsToSign(recipient) || data.expires_at === undefined) return;
          await queueMail(deps, trx, { kind: 'EXPIRY_WARNING', aggregate, recipient, requestId, tracked: true, extra: { expiresAt: new Date(data.expires_at) } });
          return;
        }
        case 'envelope.expired':
          // Those asked to sign who had not: the ones who signed lose nothing, the ones never invited knew nothing.
          if (!expiryEmails(aggregate.envelope.settings).expired) return;
          for (const recipient of aggregate.recipients.filter((candidate) => candidate.status === 'IN_PROGRESS')) {
            await queueMail(deps, trx, { kind: 'EXPIRED', aggregate, recipient, requestId });
          }
          return;
        case 'envelope.reactivated':
          // A new invitation, with the fresh link, to each recipient whose turn it is.
          if (!emails.envelope_invitation) return;
          for (const recipient of aggregate.recipients.filter(waitsToSign)) await queueMail(deps, trx, { kind: 'INVITATION', aggregate, recipient, requestId, tracked: true });
          return;
        case 'recipient.in_progress': {
          const recipient = aggregate.recipients.find((candidate) => candidate.id === data.id);
          if (!recipient) throw new PoisonEventError(`recipient ${data.id} is not on envelope ${envelopeId}`);
          // Also keeps a turn that has passed from waiting for a link that no longer matters.
          if (!emails.envelope_invitation || recipient.status !== 'IN_PROGRESS' || aggregate.envelope.status !== 'IN_PROGRESS') return;
          await queueMail(deps, trx, { kind: 'INVITATION', aggregate, recipient, requestId, tracked: true });
          return;
        }
        case 'recipient.rejected': {
          if (!emails.envelope_rejected) return;
          const rejecter = aggregate.recipients.find((candidate) => candidate.id === data.id);
          for (const recipient of aggregate.recipients.filter((candidate) => candidate.id !== data.id)) {
            await queueMail(deps, trx, { kind: 'REJECTED', aggregate, recipient, requestId, extra: { rejecterName: rejecter?.name ?? '', reason: data.reason ?? '' } });
          }
          return;
        }
        case 'envelope.voided':
          // A rejection voids the envelope too; its own email says so. Unsent envelopes told nobody anything.
          if (!emails.envelope_voided || aggregate.envelope.sent_at === null) return;
          if (aggregate.recipients.some((recipient) => recipient.status === 'REJECTED')) return;
          for (const recipient of aggregate.recipients) {
            await queueMail(deps, trx, { kind: 'VOIDED', aggregate, recipient, requestId, extra: typeof data.void_reason === 'string' ? { reason: data.void_reason } : {} });
          }
          return;
        case 'envelope.success': {
          if (!emails.envelope_signed) return;
          const signed = aggregate.documents.filter((document) => document.file_type === 'SIGNABLE' && document.signed_blob_key);
          const documents = await Promise.all(signed.map(async (document) => ({
            name: document.file_name,
            url: await deps.blobs.downloadUrl(document.signed_blob_key as string, { expiresInSeconds: SIGNED_LINK_TTL_SECONDS, fileName: document.file_name })
          })));
          for (const recipient of aggregate.recipients) await queueMail(deps, trx, { kind: 'SIGNED', aggregate, recipient, requestId, extra: { documents } });
          return;
        }
        default:
          throw new PoisonEventError(`${event.event_type} is not an event this consumer reads`);
      }
    });
  }

  return {
    groupId: 'signet.envelope.lifecycle-mails',
    topics: [
      'recipient.in_progress', 'recipient.rejected', 'envelope.voided', 'envelope.success',
      'recipient.reminder_sent', 'recipient.expiry_warning_sent', 'envelope.expired', 'envelope.reactivated'
    ],
    handle
  };
}
