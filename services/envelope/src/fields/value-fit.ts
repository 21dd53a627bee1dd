import { checkFieldValue, type FieldError, type FieldValue } from '@signet/contracts';
import { AppError, validationError } from '@signet/http';
import { type MeasuredValue, measureValue, type PlacedValue, type StampLanguage, TICK_SIDE, VALUE_TEXT_SIZES } from '@signet/signed-pdf';
import type { EnvelopeAggregate, FieldAttachmentRow, FieldValueRow, PlacementRow, RecipientRow } from '../model';
import { fieldDefinitionOf } from './field-definition-of';
import { shownValue } from './shown-value';

const SMALLEST = `${VALUE_TEXT_SIZES.smallest} pt`;
/** What a box for free text must hold at least: ten characters, a short number or name. */
const TEN_CHARACTERS = '0123456789';
/** INITIALS take up to ten letters; M is among the widest. */
const TEN_LETTERS = 'MMMMMMMMMM';
const A_DATE = '2000-12-31';

interface LeastValue {
  value: PlacedValue['value'];
  /** What the box failed to hold, for the 422. */
  what: string;
}

/**
 * The values a field's box must hold before anyone fills it: its longest allowed value where the field
 * bounds it (each option, a date, ten letters of initials, the recipient's name, the default), else ten
 * characters; a tick box at its smallest legible side.
 */
function leastValues(placement: PlacementRow, recipientName: string | undefined): LeastValue[] {
  const field = fieldDefinitionOf(placement);
  if (field === null) return [];
  const text = (value: string, what: string, handwriting = false): LeastValue => ({ value: { text: value, handwriting }, what });
  const values: LeastValue[] = [];
  switch (field.type) {
    case 'CHECKBOX':
      return [{ value: { ticked: true }, what: `a tick box (at least ${TICK_SIDE.smallest} x ${TICK_SIDE.smallest} pt)` }];
    case 'RADIO':
    case 'DROPDOWN':
      values.push(...field.options.map((option) => text(option, `the option "${option}" at ${SMALLEST}`)));
      break;
    case 'DATE':
    case 'SIGNING_DATE':
      values.push(text(A_DATE, `a date (${A_DATE}) at ${SMALLEST}`));
      break;
    case 'INITIALS':
      values.push(text(TEN_LETTERS, `initials of ten letters at ${SMALLEST}`, true));
      break;
    case 'NAME':
      values.push(recipientName === undefined ? text(TEN_CHARACTERS, `a name of ten characters at ${SMALLEST}`) : text(recipientName, `the name "${recipientName}" at ${SMALLEST}`));
      break;
    default:
      values.push(text(TEN_CHARACTERS, `a ${field.type} value of ten characters at ${SMALLEST}`));
  }
  if (field.default_value !== null) {
    const checked = checkFieldValue(field, field.default_value);
    if (checked.valid) values.push({ value: shownValue(placement, checked.value), what: `its default value at ${SMALLEST}` });
  }
  return values;
}

/**
 * Placements whose box cannot show what their field may hold, each a problem naming the placement:
 * checked where placements are defined, so that no value is ever shortened on the signed document.
 * `recipientNames` gives NAME fields their value where the recipients are known.
 */
export async function placementFitProblems(placements: readonly PlacementRow[], recipientNames: ReadonlyMap<string, string> = new Map()): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  for (const placement of placements) {
    for (const least of leastValues(placement, recipientNames.get(placement.recipient_key))) {
      if ((await measureValue(least.value, placement)) !== null) continue;
      problems.push({ field: `placements.${placement.custom_key}`, message: `is too small to show ${least.what}: make it wider or taller`, code: 'BOX_TOO_SMALL' });
      break;
    }
  }
  return problems;
}

export async function assertPlacementsFit(placements: readonly PlacementRow[], recipients: ReadonlyArray<{ custom_key: string; name?: string | null }>): Promise<void> {
  const names = new Map(recipients.flatMap((recipient) => (recipient.name ? [[recipient.custom_key, recipient.name] as const] : [])));
  const problems = await placementFitProblems(placements, names);
  if (problems.length > 0) throw validationError(problems);
}

/** How the signed document will draw one value in its place, or null when its box cannot hold it whole. */
export function valueLayout(placement: PlacementRow, value: FieldValue, attachments: readonly FieldAttachmentRow[], language?: StampLanguage): Promise<MeasuredValue | null> {
  return measureValue(shownValue(placement, value, attachments), placement, language);
}

export function tooLongProblem(name: string): FieldError {
  return { field: `fields.${name}`, message: `is too long for its box on the document, even at ${SMALLEST}: shorten it`, code: 'VALUE_TOO_LONG' };
}

/**
 * A 422 naming each field whose value its box on the document cannot hold whole, before anything is
 * recorded. Measured once, outside the signing transaction: a field's box, its value and an attachment's
 * name cannot change while its recipient signs.
 */
export async function assertValuesFit(aggregate: EnvelopeAggregate, recipient: RecipientRow, rows: readonly FieldValueRow[]): Promise<void> {
  const attachments = (aggregate.attachments ?? []).filter((file) => file.recipient_id === recipient.id);
  const problems: FieldError[] = [];
  for (const row of rows) {
    const placement = aggregate.placements.find((candidate) => candidate.id === row.placement_id);
    if (placement === undefined || (await valueLayout(placement, row.value, attachments)) !== null) continue;
    problems.push(tooLongProblem(fieldDefinitionOf(placement)?.name ?? placement.custom_key));
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', 'Invalid field values', problems);
}
