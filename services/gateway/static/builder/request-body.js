// What a save sends: recipients and placements whole (each replaces its kind), documents only when the user
// added or replaced one (then all of them, as they too replace their kind). Every leaf is a string, as the
// API's form takes it; a template takes it as JSON, an envelope as a multipart form of bracket names.

import { isStamp } from './model.js';

// Points with at most two decimals: the API takes up to four, and a hundredth of a point is invisible.
const points = (value) => String(Math.round(value * 100) / 100);

function recipientBody(recipient, placeholder) {
  const body = { ...recipient.kept, role: recipient.role, order: String(recipient.order) };
  // A template's recipient is a placeholder: its name and email may be left for each use to fill.
  if (!placeholder || recipient.name) body.name = recipient.name;
  if (!placeholder || recipient.email) body.email = recipient.email;
  if (recipient.role === 'WITNESS' && recipient.witness_of) body.witness_of = recipient.witness_of;
  return body;
}

function placementBody(placement) {
  const body = { document_key: placement.document_key, recipient_key: placement.recipient_key, type: placement.type };
  if (placement.token) body.token = placement.token;
  else body.coordinates = { page: String(placement.page), left: points(placement.left), top: points(placement.top) };
  if (placement.name) body.name = placement.name;
  if (isStamp(placement.type)) return body;
  body.required = placement.required ? 'true' : 'false';
  if (placement.readonly) body.readonly = 'true';
  if (placement.default_value) body.default_value = placement.default_value;
  if (['RADIO', 'DROPDOWN'].includes(placement.type) && placement.options) body.options = placement.options;
  if (placement.type === 'TEXT' && placement.pattern) body.pattern = placement.pattern;
  if (['NUMBER', 'DATE'].includes(placement.type)) {
    if (placement.min) body.min = placement.min;
    if (placement.max) body.max = placement.max;
  }
  if (placement.width !== null) body.width = points(placement.width);
  if (placement.height !== null) body.height = points(placement.height);
  return body;
}

/** A file's bytes as base64, read by the browser (fast for large files, unlike a loop over the bytes). */
export function base64Of(bytes) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(new Blob([bytes], { type: 'application/pdf' }));
  });
}

/**
 * The save's fields as nested objects of strings. `bytesOf(source)` gives a document's bytes; documents
 * go only when `withDocuments`, recipients only when `withRecipients` (a save's recipients replace the
 * stored ones, so an envelope's, whose phones and checks the editor does not see, are never sent).
 */
export async function saveBody(state, { placeholders, withDocuments, withRecipients, bytesOf }) {
  const body = {
    ...(withRecipients ? { recipients: Object.fromEntries(state.recipients.map((recipient) => [recipient.key, recipientBody(recipient, placeholders)])) } : {}),
    placements: Object.fromEntries(state.placements.map((placement, index) => [String(index), placementBody(placement)]))
  };
  if (withDocuments) {
    const documents = await Promise.all(state.documents.map(async (document, index) =>
      [document.key, { base64: await base64Of(await bytesOf(document.source)), name: document.name, type: document.type, order: String(index) }]));
    body.documents = Object.fromEntries(documents);
  }
  return body;
}

/** The same fields as a multipart form: `placements[0][coordinates][top]=...`. */
export function asForm(body) {
  const form = new FormData();
  const add = (prefix, value) => {
    if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) add(`${prefix}[${key}]`, inner);
    else form.append(prefix, value);
  };
  for (const [key, value] of Object.entries(body)) add(key, value);
  return form;
}
