import { checkFieldValues, type FieldValue } from '@signet/contracts';
import { AppError } from '@signet/http';
import { v7 as uuidv7 } from 'uuid';
import type { EnvelopeAggregate, FieldValueRow, RecipientRow } from '../model';
import { fieldsOf } from './field-definition-of';

/**
 * The rows of a recipient's field values, checked by the server whatever the page did: a missing
 * required field or an invalid value is a 422 naming `fields.<name>`, and nothing is recorded. Whether
 * each fits its box on the document is `assertValuesFit`'s.
 */
export function fillFields(aggregate: EnvelopeAggregate, recipient: RecipientRow, submitted: Record<string, unknown>, now: Date): FieldValueRow[] {
  const mine = fieldsOf(aggregate.placements, recipient.custom_key);
  const attachments = (aggregate.attachments ?? []).filter((file) => file.recipient_id === recipient.id);
  const checked = checkFieldValues(mine.map(({ field }) => field), submitted, {
    recipientName: recipient.name,
    signingDate: now.toISOString().slice(0, 10),
    attachmentIds: new Set(attachments.map((file) => file.id))
  });
  if (!checked.valid) throw new AppError('VALIDATION_FAILED', 'Invalid field values', checked.details);
  return mine.flatMap(({ placement, field }) => {
    const value: FieldValue | undefined = checked.values[field.name];
    return value === undefined ? [] : [{ id: uuidv7(), envelope_id: aggregate.envelope.id, placement_id: placement.id, recipient_id: recipient.id, value, filled_at: now }];
  });
}
