import type { FieldError } from '../field-errors';
import { AUTOMATIC_FIELD_TYPES, type FieldType } from './field-types';

/** A field as its values are checked: what the placement asked, with its options already split. */
export interface FieldDefinition {
  name: string;
  type: FieldType;
  required: boolean;
  readonly: boolean;
  default_value: string | null;
  options: readonly string[];
  pattern: string | null;
  min: string | null;
  max: string | null;
}

/**
 * A filled value as stored and shown: text (TEXT, EMAIL, NAME, INITIALS, RADIO, DROPDOWN), a number, an
 * ISO 8601 date (DATE, SIGNING_DATE), a boolean (CHECKBOX), or an ATTACHMENT's upload id.
 */
export type FieldValue = string | number | boolean;

export type FieldValueCheck = { valid: true; value: FieldValue } | { valid: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INITIALS = /^[\p{L}\p{M}. -]{1,10}$/u;
export const MAX_TEXT_FIELD_LENGTH = 1000;

/** A calendar date written YYYY-MM-DD that exists (no 31 February). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** A finite number, given as a JSON number or as its text. */
export function parseNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^-?(\d+)(\.\d+)?$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

function parseBoolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim())) return raw.trim().toLowerCase() === 'true';
  return null;
}

function inRange(field: FieldDefinition, value: number | string, show: string): FieldValueCheck {
  const bound = (text: string) => (field.type === 'NUMBER' ? Number(text) : text);
  if (field.min !== null && value < bound(field.min)) return { valid: false, message: `must be ${field.min} or more` };
  if (field.max !== null && value > bound(field.max)) return { valid: false, message: `must be ${field.max} or less` };
  return { valid: true, value: field.type === 'NUMBER' ? Number(show) : show };
}

/** Whether `raw` is a valid value for the field, ignoring whether it is required; the value as stored. */
export function checkFieldValue(field: FieldDefinition, raw: unknown, attachmentIds: ReadonlySet<string> = new Set()): FieldValueCheck {
  const text = typeof raw === 'string' ? raw.trim() : null;
  switch (field.type) {
    case 'NUMBER': {
      const number = parseNumber(raw);
      return number === null ? { valid: false, message: 'must be a number' } : inRange(field, number, String(number));
    }
    case 'CHECKBOX': {
      const ticked = parseBoolean(raw);
      return ticked === null ? { valid: false, message: 'must be true or false' } : { valid: true, value: ticked };
    }
    case 'DATE':
    case 'SIGNING_DATE':
      return text !== null && isIsoDate(text) ? inRange(field, text, text) : { valid: false, message: 'must be a date written YYYY-MM-DD' };
    case 'RADIO':
    case 'DROPDOWN':
      return text !== null && field.options.includes(text) ? { valid: true, value: text } : { valid: false, message: `must be one of: ${field.options.join(', ')}` };
    case 'EMAIL':
      return text !== null && text.length <= 254 && EMAIL.test(text) ? { valid: true, value: text } : { valid: false, message: 'must be an email address' };
    case 'INITIALS':
      return text !== null && INITIALS.test(text) ? { valid: true, value: text } : { valid: false, message: 'must be 1 to 10 letters' };
    case 'ATTACHMENT':
      return text !== null && attachmentIds.has(text) ? { valid: true, value: text } : { valid: false, message: 'must be the id of a file this recipient uploaded' };
    case 'TEXT':
    case 'NAME': {
      if (text === null || text.length > MAX_TEXT_FIELD_LENGTH) return { valid: false, message: `must be text of at most ${MAX_TEXT_FIELD_LENGTH} characters` };
      if (field.pattern !== null && !new RegExp(`^(?:${field.pattern})$`, 'u').test(text)) return { valid: false, message: `must match the pattern ${field.pattern}` };
      return { valid: true, value: text };
    }
  }
}

export interface FillContext {
  /** The recipient's name: the value of NAME fields. */
  recipientName: string;
  /** The day they act, YYYY-MM-DD: the value of SIGNING_DATE fields. */
  signingDate: string;
  /** Ids of the files this recipient uploaded: the only valid ATTACHMENT values. */
  attachmentIds: ReadonlySet<string>;
}

export type FieldValuesCheck = { valid: true; values: Record<string, FieldValue> } | { valid: false; details: FieldError[] };

const isBlank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/** One field's value once filled: undefined when left empty and allowed to be. */
function fillOne(field: FieldDefinition, raw: unknown, context: FillContext): { value?: FieldValue; message?: string } {
  if (field.type === 'NAME') return { value: context.recipientName };
  if (field.type === 'SIGNING_DATE') return { value: context.signingDate };
  if (field.readonly) {
    const stored = checkFieldValue(field, field.default_value);
    if (!stored.valid) return { message: stored.message };
    const sent = isBlank(raw) ? stored : checkFieldValue(field, raw);
    if (!sent.valid || sent.value !== stored.value) return { message: 'is read-only' };
    return { value: stored.value };
  }
  const given = isBlank(raw) ? field.default_value : raw;
  if (field.type === 'CHECKBOX') {
    const ticked = isBlank(given) ? { valid: true as const, value: false } : checkFieldValue(field, given);
    if (!ticked.valid) return { message: ticked.message };
    return field.required && ticked.value !== true ? { message: 'must be ticked' } : { value: ticked.value };
  }
  if (isBlank(given)) return field.required ? { message: 'is required' } : {};
  const checked = checkFieldValue(field, given, context.attachmentIds);
  return checked.valid ? { value: checked.value } : { message: checked.message };
}

/**
 * The server's check of what a recipient submitted (`fields: {name: value}`) against their fields: every
 * problem named `fields.<name>`, or every value as stored. NAME and SIGNING_DATE are filled here, a
 * read-only field keeps its default, an unticked box is false; a value for a field the recipient does not
 * have is refused rather than ignored.
 */
export function checkFieldValues(fields: readonly FieldDefinition[], submitted: Record<string, unknown>, context: FillContext): FieldValuesCheck {
  const details: FieldError[] = [];
  const values: Record<string, FieldValue> = {};
  const names = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(submitted)) {
    if (!names.has(name)) details.push({ field: `fields.${name}`, message: 'is not a field of this recipient' });
  }
  for (const field of fields) {
    const raw = submitted[field.name];
    if (AUTOMATIC_FIELD_TYPES.includes(field.type) && !isBlank(raw)) {
      details.push({ field: `fields.${field.name}`, message: 'is filled automatically' });
      continue;
    }
    const filled = fillOne(field, raw, context);
    if (filled.message !== undefined) details.push({ field: `fields.${field.name}`, message: filled.message });
    else if (filled.value !== undefined) values[field.name] = filled.value;
  }
  return details.length > 0 ? { valid: false, details } : { valid: true, values };
}
