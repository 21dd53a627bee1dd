/*
 * What a placement asks of its recipient, and which recipients may be asked it. Signature-like
 * placements (SIGNATURE, APPROVAL, WITNESS, and INITIALS) are drawn from the act itself; every other type
 * is a field: it carries a value, keyed by the placement's `name`.
 */

export const PLACEMENT_TYPES = [
  'SIGNATURE', 'APPROVAL', 'WITNESS',
  'INITIALS', 'TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL', 'NAME', 'SIGNING_DATE', 'ATTACHMENT'
] as const;
export type PlacementType = (typeof PLACEMENT_TYPES)[number];

/** The placements that carry a value (every type but the three acts). */
export const FIELD_TYPES = ['INITIALS', 'TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL', 'NAME', 'SIGNING_DATE', 'ATTACHMENT'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Fields Signet fills itself: NAME with the recipient's name, SIGNING_DATE with the day they act. */
export const AUTOMATIC_FIELD_TYPES: readonly FieldType[] = ['NAME', 'SIGNING_DATE'];

export function isFieldType(type: string): type is FieldType {
  return (FIELD_TYPES as readonly string[]).includes(type);
}

/**
 * SIGNER signs (the default, as before roles existed); APPROVER approves instead of signing; WITNESS
 * signs after the signer named in `witness_of`; VIEWER is done once they open their session; CC has no
 * link and only receives the completed documents.
 */
export const RECIPIENT_ROLES = ['SIGNER', 'APPROVER', 'WITNESS', 'VIEWER', 'CC'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

/** Roles that act on the envelope (and so may be given placements); VIEWER and CC only look. */
export const ACTING_ROLES: readonly RecipientRole[] = ['SIGNER', 'APPROVER', 'WITNESS'];

/**
 * Which placement types each role may be given. A SIGNER keeps every type (APPROVAL and WITNESS
 * placements of a signer only change the caption under their signature, as before roles existed); an
 * APPROVER and a WITNESS get their own act and the fields; VIEWER and CC nothing.
 */
export function roleMayFill(role: RecipientRole, type: PlacementType): boolean {
  if (role === 'SIGNER') return true;
  if (role === 'APPROVER') return type === 'APPROVAL' || (isFieldType(type) && type !== 'INITIALS');
  if (role === 'WITNESS') return type === 'WITNESS' || (isFieldType(type) && type !== 'INITIALS');
  return false;
}

/** The field's name when the caller gave none: its type and index, e.g. `text_3`. */
export function defaultFieldName(type: PlacementType, index: string): string {
  return `${type.toLowerCase()}_${index}`;
}

/** `options` as given (comma-separated), trimmed, blanks dropped. */
export function splitOptions(options: string | null | undefined): string[] {
  return (options ?? '').split(',').map((option) => option.trim()).filter((option) => option.length > 0);
}
