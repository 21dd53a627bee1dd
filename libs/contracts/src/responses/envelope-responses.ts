import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeDocument } from '../payloads/envelope-document';
import { EnvelopeError, EnvelopeStatus, EnvelopeWarning } from '../payloads/envelope-payload';
import { EnvelopePlacement } from '../payloads/envelope-placement';
import { EnvelopeField } from '../payloads/envelope-field';
import { RECIPIENT_ROLES } from '../fields/field-types';
import { LiteralUnion } from '../schema-helpers';
import { DateTime, Nullable } from '../schema-helpers';
import { Settings } from '../settings';
import { Answer } from './common-responses';
import { RecipientIdentitySummary } from '../identity';

/** A recipient as envelope answers list it (`envelope_signers`). */
export const EnvelopeSigner = Type.Object({
  id: Type.String(),
  custom_key: Type.String({ description: 'The key the recipient was given in the request (`recipients[<key>]`)' }),
  name: Type.String(),
  email: Type.String(),
  order: Type.Integer({ minimum: 0 }),
  status: Type.String({ description: 'PENDING, IN_PROGRESS, then by role SIGNED, APPROVED, WITNESSED or VIEWED, or REJECTED; a CC is COPIED' }),
  signed_at: Nullable(DateTime()),
  role: Type.Optional(LiteralUnion(RECIPIENT_ROLES, { description: 'SIGNER, APPROVER, WITNESS, VIEWER or CC' })),
  witness_of: Type.Optional(Nullable(Type.String({ description: "A WITNESS's signer, by key" }))),
  identity: Type.Optional(Nullable(RecipientIdentitySummary))
});

const summaryFields = {
  id: Type.String(),
  name: Type.String(),
  status: EnvelopeStatus,
  created_at: DateTime(),
  envelope_signers: Type.Array(EnvelopeSigner),
  errors: Type.Array(EnvelopeError, { description: 'Why the envelope is in ERROR; an update that fixes them moves it back to CREATED' }),
  warnings: Type.Array(EnvelopeWarning),
  metadata: Type.Record(Type.String(), Type.String(), { description: 'Your `metadata[key]=value` pairs (strings), as sent at create and update' }),
  template_id: Type.Optional(Nullable(Type.String({ description: 'The template the envelope was made from, or null' })))
};

/** The envelope as POST /api/v1/envelopes answers it. */
export const EnvelopeSummary = Type.Object(summaryFields);

/** A document as envelope answers show it: the payload's document with `type` as on input. */
export const EnvelopeViewDocument = Type.Object({
  ...Type.Omit(EnvelopeDocument, ['file_type']).properties,
  type: EnvelopeDocument.properties.file_type
});

/** The whole envelope, as GET, PUT and void answer it. */
export const EnvelopeView = Type.Object({
  ...summaryFields,
  updated_at: DateTime(),
  sent_at: Type.Optional(Nullable(DateTime())),
  completed_at: Type.Optional(Nullable(DateTime())),
  expires_at: Type.Optional(Nullable(DateTime({ description: 'When the envelope expires (IN_PROGRESS) or expired (EXPIRED); null: it does not' }))),
  documents: Type.Array(EnvelopeViewDocument),
  placements: Type.Array(EnvelopePlacement),
  fields: Type.Optional(Type.Array(EnvelopeField, { description: 'Every field placement and its value once its recipient acted (a prefilled value shows in `placements` as `default_value` until then)' })),
  settings: Settings,
  void_reason: Nullable(Type.String(), { description: 'The reason the sender gave when voiding, or null' })
});
export type EnvelopeView = Static<typeof EnvelopeView>;

export const EnvelopeCreatedResponse = Answer({ envelope: EnvelopeSummary });
export type EnvelopeCreatedResponse = Static<typeof EnvelopeCreatedResponse>;

export const EnvelopeResponse = Answer({ envelope: EnvelopeView });
export type EnvelopeResponse = Static<typeof EnvelopeResponse>;

export const EnvelopeVoidedResponse = Answer({ success: Type.Literal(true), envelope: EnvelopeView });
export type EnvelopeVoidedResponse = Static<typeof EnvelopeVoidedResponse>;

/** GET /api/v1/envelopes/:id/evidence: a link to the evidence sheet PDF, which expires. */
export const EvidenceResponse = Answer({
  evidence_document_url: Type.String({ description: 'Download link of the evidence (audit trail) PDF; it expires within a day' }),
  evidence_generated_at: DateTime()
});
export type EvidenceResponse = Static<typeof EvidenceResponse>;

export const SigningUrlResponse = Answer({
  signing_url: Type.String({ description: "The recipient's signing link: whoever holds it can sign as the recipient" })
});
export type SigningUrlResponse = Static<typeof SigningUrlResponse>;

/** POST /api/v1/envelopes/:id/recipients/:recipient_id/remind. */
export const ReminderSentResponse = Answer({
  success: Type.Literal(true),
  reminded_at: DateTime({ description: "When the reminder was sent, in Signet's clock; the next one may follow an hour later" })
});
export type ReminderSentResponse = Static<typeof ReminderSentResponse>;
