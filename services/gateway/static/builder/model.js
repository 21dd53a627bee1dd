// The editing state: documents, recipients and placements as the editor works on them, read from a
// template or an envelope (which show placements differently) into one shape. Positions are PDF points
// from the page's top-left; `page` counts from 0 as the API does.

export const PLACEMENT_TYPES = ['SIGNATURE', 'APPROVAL', 'WITNESS', 'INITIALS', 'TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL', 'NAME', 'SIGNING_DATE', 'ATTACHMENT'];
export const ROLES = ['SIGNER', 'APPROVER', 'WITNESS', 'VIEWER', 'CC'];
/** Acts drawn as the signature stamp: their box is the stamp's, not the user's to size. */
export const STAMP_TYPES = ['SIGNATURE', 'APPROVAL', 'WITNESS'];
export const STAMP_BOX = { width: 150, height: 50 };
export const FIELD_BOX = { width: 150, height: 16 };
/** Recipient fields other than the ones the editor shows, kept as they were so a save does not drop them. */
const KEPT_RECIPIENT_FIELDS = ['phone', 'tax_id', 'tax_label', 'rep_id', 'rep_label', 'language'];

export const isStamp = (type) => STAMP_TYPES.includes(type);

/** Which placement types a role may be given (as the API checks): VIEWER and CC none. */
export function roleMayFill(role, type) {
  if (role === 'SIGNER') return true;
  if (role === 'APPROVER') return type === 'APPROVAL' || (!isStamp(type) && type !== 'INITIALS');
  if (role === 'WITNESS') return type === 'WITNESS' || (!isStamp(type) && type !== 'INITIALS');
  return false;
}

export function boxOf(placement) {
  if (isStamp(placement.type)) return STAMP_BOX;
  return { width: placement.width ?? FIELD_BOX.width, height: placement.height ?? FIELD_BOX.height };
}

const number = (value) => (value === null || value === undefined || value === '' ? null : Number(value));
const text = (value) => (value === null || value === undefined ? '' : String(value));
const flag = (value) => value === true || String(value).toLowerCase() === 'true';

let nextId = 1;
export const newPlacementId = () => `p${Date.now().toString(36)}${(nextId++).toString(36)}`;

function placementOf(raw, type, options) {
  const coordinates = raw.coordinates ?? null;
  return {
    id: newPlacementId(),
    document_key: String(raw.document_key),
    recipient_key: String(raw.recipient_key),
    type,
    page: coordinates && coordinates.page !== undefined && coordinates.page !== null ? Number(coordinates.page) : raw.token ? null : 0,
    left: number(coordinates?.left) ?? 0,
    top: number(coordinates?.top) ?? 0,
    width: number(raw.width),
    height: number(raw.height),
    token: raw.token ?? null,
    name: text(raw.name),
    required: raw.required === undefined || raw.required === null ? type !== 'CHECKBOX' : flag(raw.required),
    readonly: flag(raw.readonly),
    default_value: text(raw.default_value),
    options,
    pattern: text(raw.pattern),
    min: text(raw.min),
    max: text(raw.max)
  };
}

function recipientOf(raw, key) {
  const kept = {};
  for (const field of KEPT_RECIPIENT_FIELDS) if (raw[field] !== undefined && raw[field] !== null && raw[field] !== '') kept[field] = String(raw[field]);
  return {
    key,
    name: text(raw.name),
    email: text(raw.email),
    role: raw.role ?? 'SIGNER',
    order: number(raw.order) ?? 0,
    witness_of: text(raw.witness_of),
    kept
  };
}

/** The state of a template (GET /api/v1/templates/:id): placements as sent, options comma-separated. */
export function fromTemplate(template) {
  return {
    documents: [...template.documents].sort((a, b) => a.order - b.order)
      .map((document) => ({ key: document.custom_key, name: document.file_name, type: document.type ?? 'SIGNABLE', source: `stored:${document.id}` })),
    recipients: template.recipients.map((recipient) => recipientOf(recipient, recipient.key)),
    placements: template.placements.map((placement) => placementOf(placement, placement.type ?? 'SIGNATURE', text(placement.options)))
  };
}

/** The state of an envelope (GET /api/v1/envelopes/:id): its recipients are `envelope_signers`, placements as the payload shows them, options a list. */
export function fromEnvelope(envelope) {
  return {
    documents: [...envelope.documents].sort((a, b) => a.order - b.order)
      .map((document) => ({ key: document.custom_key ?? String(document.order), name: document.file_name, type: document.type ?? 'SIGNABLE', source: `stored:${document.id}` })),
    recipients: envelope.envelope_signers.map((recipient) => recipientOf(recipient, recipient.custom_key)),
    placements: envelope.placements.map((placement) => placementOf(placement, placement.placement_type, (placement.options ?? []).join(', ')))
  };
}

/** A key unused among `taken`, from `base` (`signer`, `signer_2`, ...): keys are 1-64 of A-Z a-z 0-9 _ . -. */
export function freeKey(base, taken) {
  const clean = base.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 56) || 'key';
  if (!taken.includes(clean)) return clean;
  for (let index = 2; ; index += 1) if (!taken.includes(`${clean}_${index}`)) return `${clean}_${index}`;
}
