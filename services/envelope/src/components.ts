import { initialRecipientStatus } from './state/recipient-machine';
import { v7 as uuidv7 } from 'uuid';
import { defaultFieldName, isFieldType, recipientValidationsOf, rolePlacementProblems, toFieldDefinition, type PlacementInput, type RecipientInput } from '@signet/contracts';
import { validationError } from '@signet/http';
import type { PlacementRow, RecipientRow } from './model';
import { normalisePhone } from './phone-number';

/** The default label for `rep_id`. */
const DEFAULT_REP_LABEL = 'Rep.';

/** Keys in alphabetical order, with numeric keys in numeric order: 2 before 10. */
export function sortedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

const byOrderThenKey = (a: { order: number; custom_key: string }, b: { order: number; custom_key: string }) =>
  a.order - b.order || a.custom_key.localeCompare(b.custom_key, 'en', { numeric: true });

/** How components are listed everywhere: by order, then by key (numeric keys numerically). */
export function inListOrder<T extends { order: number; custom_key: string }>(items: T[]): T[] {
  return [...items].sort(byOrderThenKey);
}

/** A component's order: the one given, else its position among the keys. */
export function orderOf(given: string | undefined, position: number): number {
  return given === undefined ? position : Number(given);
}

/** Every phone given must be a valid international number, kept in E.164; 422 naming each one that is not. */
function phonesOf(input: Record<string, RecipientInput>): Map<string, string> {
  const phones = new Map<string, string>();
  const problems = [];
  for (const [key, recipient] of Object.entries(input)) {
    if (recipient.phone === undefined) continue;
    const phone = normalisePhone(recipient.phone);
    if (phone === null) problems.push({ field: `recipients.${key}.phone`, message: 'must be a valid phone number in international format, e.g. +34 612 345 678' });
    else phones.set(key, phone);
  }
  if (problems.length > 0) throw validationError(problems);
  return phones;
}

export function toRecipientRows(input: Record<string, RecipientInput>, envelopeId: string, now: Date): RecipientRow[] {
  const phones = phonesOf(input);
  return inListOrder(sortedKeys(input).map((key, position): RecipientRow => {
    const recipient = input[key] as RecipientInput;
    return {
      id: uuidv7(),
      envelope_id: envelopeId,
      custom_key: key,
      name: recipient.name,
      email: recipient.email,
      order: orderOf(recipient.order, position),
      phone: phones.get(key) ?? null,
      tax_id: recipient.tax_id ?? null,
      tax_label: recipient.tax_label ?? null,
      rep_id: recipient.rep_id ?? null,
      rep_label: recipient.rep_label ?? DEFAULT_REP_LABEL,
      language: recipient.language ?? null,
      role: recipient.role ?? 'SIGNER',
      witness_of: recipient.witness_of ?? null,
      validations: recipientValidationsOf(recipient.validations),
      status: initialRecipientStatus(),
      signed_at: null,
      access_token_hash: null,
      access_revoked_at: null,
      created_at: now,
      updated_at: now
    };
  }));
}

export function toPlacementRows(input: Record<string, PlacementInput>, envelopeId: string, now: Date): PlacementRow[] {
  return inListOrder(sortedKeys(input).map((index): PlacementRow => {
    const placement = input[index] as PlacementInput;
    const coordinates = placement.coordinates;
    return {
      id: uuidv7(),
      envelope_id: envelopeId,
      custom_key: index,
      placement_type: placement.type ?? 'SIGNATURE',
      order: orderOf(placement.order, Number(index)),
      document_key: placement.document_key,
      recipient_key: placement.recipient_key,
      top: coordinates?.top === undefined ? null : Number(coordinates.top),
      left: coordinates?.left === undefined ? null : Number(coordinates.left),
      page: coordinates?.page === undefined ? null : Number(coordinates.page),
      token: placement.token ?? null,
      ...fieldColumns(placement, index),
      created_at: now,
      updated_at: now
    };
  }));
}

/** A placement's field properties as stored: a field's with its defaults applied, an act's name only. */
function fieldColumns(placement: PlacementInput, index: string): Pick<PlacementRow, 'name' | 'required' | 'readonly' | 'default_value' | 'options' | 'pattern' | 'min' | 'max' | 'width' | 'height'> {
  const type = placement.type ?? 'SIGNATURE';
  const field = toFieldDefinition(placement, index);
  const size = { width: placement.width === undefined ? null : Number(placement.width), height: placement.height === undefined ? null : Number(placement.height) };
  if (field === null || !isFieldType(type)) {
    return { name: placement.name ?? null, required: null, readonly: null, default_value: null, options: null, pattern: null, min: null, max: null, ...size };
  }
  return {
    name: placement.name ?? defaultFieldName(type, index),
    required: field.required,
    readonly: field.readonly,
    default_value: field.default_value,
    options: placement.options ?? null,
    pattern: field.pattern,
    min: field.min,
    max: field.max,
    ...size
  };
}

/** An update may change recipients or placements alone: the stored other half must still fit (422 otherwise). */
export function assertRolesFit(recipients: RecipientRow[], placements: PlacementRow[]): void {
  const problems = rolePlacementProblems(
    Object.fromEntries(recipients.map((recipient) => [recipient.custom_key, { role: recipient.role ?? 'SIGNER', witness_of: recipient.witness_of ?? undefined }])),
    Object.fromEntries(placements.map((placement) => [placement.custom_key, { recipient_key: placement.recipient_key, type: placement.placement_type }]))
  );
  if (problems.length > 0) throw validationError(problems);
}
