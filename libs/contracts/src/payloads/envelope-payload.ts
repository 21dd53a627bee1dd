import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { SettingsPayload } from '../settings';
import { EnvelopeDocument } from './envelope-document';
import { EnvelopeField } from './envelope-field';
import { EnvelopePlacement } from './envelope-placement';
import { EnvelopeRecipient } from './envelope-recipient';

/** The five basic statuses, and EXPIRED: an IN_PROGRESS envelope whose expires_at passed (docs/decisions.md). */
export const ENVELOPE_STATUSES = ['CREATED', 'IN_PROGRESS', 'SUCCESS', 'VOIDED', 'ERROR', 'EXPIRED'] as const;
export const EnvelopeStatus = LiteralUnion(ENVELOPE_STATUSES);
export type EnvelopeStatus = Static<typeof EnvelopeStatus>;

export const EnvelopeError = Type.Object({ field: Type.String(), code: Type.String(), message: Type.String() });
export type EnvelopeError = Static<typeof EnvelopeError>;

export const EnvelopeWarning = Type.Object({ code: Type.String(), message: Type.String() });
export type EnvelopeWarning = Static<typeof EnvelopeWarning>;

/**
 * `data` of the envelope.* events. Open to extra properties so producers can add fields
 * without breaking consumers that have not been redeployed yet.
 */
export const EnvelopePayload = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    status: EnvelopeStatus,
    created_at: DateTime(),
    updated_at: DateTime(),
    sent_at: Type.Optional(Nullable(DateTime())),
    completed_at: Type.Optional(Nullable(DateTime())),
    /** When the envelope expires (or expired), if it does: set at create, update or extend, or at send from expire_after_days. */
    expires_at: Type.Optional(Nullable(DateTime())),
    documents: Type.Array(EnvelopeDocument),
    recipients: Type.Array(EnvelopeRecipient),
    placements: Type.Array(EnvelopePlacement),
    /** Every field placement with its value once filled. */
    fields: Type.Optional(Type.Array(EnvelopeField)),
    settings: SettingsPayload,
    errors: Type.Array(EnvelopeError),
    warnings: Type.Array(EnvelopeWarning),
    /** The integrator's own `metadata[key]=value` strings. */
    metadata: Type.Record(Type.String(), Type.String()),
    /** The template the envelope was made from (POST /api/v1/templates/:id/envelopes), or null. */
    template_id: Type.Optional(Nullable(Type.String())),
    /** The sender's reason for voiding (PUT /api/v1/envelopes/:id/void), or null. */
    void_reason: Type.Optional(Nullable(Type.String()))
  },
  { additionalProperties: true }
);

export type EnvelopePayload = Static<typeof EnvelopePayload>;

/** `data` of envelope.evidence_generated: the envelope with the evidence sheet's link at the top level. */
export const EvidenceGeneratedPayload = Type.Object(
  { ...EnvelopePayload.properties, evidence_document_url: Type.String(), evidence_generated_at: DateTime() },
  { additionalProperties: true }
);

export type EvidenceGeneratedPayload = Static<typeof EvidenceGeneratedPayload>;
