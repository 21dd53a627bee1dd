import type { Knex } from 'knex';
import { writeRecipientEvent } from '../envelope-events';
import type { RecipientRow } from '../model';
import type { LifecycleMailRow } from './email-store';

export type EmailEventType = 'recipient.email_sent' | 'recipient.email_received' | 'recipient.email_bounced' | 'recipient.email_opened' | 'recipient.email_clicked';

/**
 * Records a recipient email event for one lifecycle mail, with the recipient as it is now, in the
 * caller's transaction. Only for invitations: recipient.email_sent means "Invitation email
 * sent", and the events follow that one email's journey; the other emails' outcome stays in their row.
 */
export async function writeEmailEvent(trx: Knex.Transaction, eventType: EmailEventType, mail: LifecycleMailRow, at: Date): Promise<void> {
  if (mail.kind !== 'INVITATION') return;
  const envelope = await trx('envelopes').where({ id: mail.envelope_id }).first('api_key_id');
  const recipient = await trx<RecipientRow>('recipients').where({ id: mail.recipient_id }).first();
  if (!envelope || !recipient) return;
  await writeRecipientEvent(trx, eventType, recipient, envelope.api_key_id as string, { tenantId: mail.tenant_id, requestId: mail.request_id }, at);
}
