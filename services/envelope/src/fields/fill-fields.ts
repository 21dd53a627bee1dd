import { checkFieldValues, type FieldError, type FieldValue } from '@signet/contracts';
import { AppError } from '@signet/http';
import { v7 as uuidv7 } from 'uuid';
import type { EnvelopeAggregate, FieldValueRow, RecipientRow } from '../model';
import { fieldsOf } from './field-definition-of';
import { valueFitProblem } from './value-fit';

/**
 * The rows of a recipient's field values, checked by the server whatever the page did: a missing
 * required field, an invalid value, or a value its box on the document cannot hold whole is a 422 naming
 * `fields.<name>`, and nothing is recorded.
 */
export async function fillFields(aggregate: EnvelopeAggregate, recipient: RecipientRow, submitted: Record<string, unknown>, now: Date): Promise<FieldValueRow[]> {
  const mine = fieldsOf(aggregate.placements, recipient.custom_key);
  const attachments = (aggregate.attachments ?? []).filter((file) => file.recipient_id === recipient.id);
  const checked = checkFieldValues(mine.map(({ field }) => field), submitted, {
    recipientName: recipient.name,
    signingDate: now.toISOString().slice(0, 10),
    attachmentIds: new Set(attachments.map((file) => file.id))
  });
  if (!checked.valid) throw new AppError('VALIDATION_FAILED', 'Invalid field values', checked.details);
  const filled = mine.flatMap(({ placement, field }) => {
    const value: FieldValue | undefined = checked.values[field.name];
    return value === undefined ? [] : [{ placement, value }];
  });
  const tooLong = (await Promise.all(filled.map(({ placement, value }) => valueFitProblem(placement, value, attachments)))).filter((problem): problem is FieldError => problem !== null);
  if (tooLong.length > 0) throw new AppError('VALIDATION_FAILED', 'Invalid field values', tooLong);
  return filled.map(({ placement, value }) => ({ id: uuidv7(), envelope_id: aggregate.envelope.id, placement_id: placement.id, recipient_id: recipient.id, value, filled_at: now }));
}
