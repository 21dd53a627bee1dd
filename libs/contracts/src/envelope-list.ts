import { Type, type Static } from '@sinclair/typebox';
import { METADATA_KEY_PATTERN, METADATA_LIMITS } from './envelope-requests';
import { EnvelopeStatus, ENVELOPE_STATUSES } from './payloads/envelope-payload';
import { DateTime, LiteralUnion, Nullable } from './schema-helpers';
import { EnvelopeSigner } from './responses/envelope-responses';

const ISO_8601 = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2}))?$';
const Instant = Type.String({ pattern: ISO_8601, errorMessage: 'must be an ISO 8601 date (2026-11-24) or date-time with offset (2026-11-24T10:00:00Z)' });

export const MAX_METADATA_FILTERS = 10;

/**
 * GET /api/v1/envelopes query. Besides these, `metadata[key]=value` (up to 10) keeps envelopes whose
 * metadata has exactly that value; see EnvelopeMetadataFilter.
 */
export const EnvelopeListQuery = Type.Object(
  {
    status: Type.Optional(Type.String({
      pattern: `^(${ENVELOPE_STATUSES.join('|')})(,(${ENVELOPE_STATUSES.join('|')}))*$`,
      errorMessage: `must be one or more of ${ENVELOPE_STATUSES.join(', ')}, comma-separated`
    })),
    created_after: Type.Optional(Instant),
    created_before: Type.Optional(Instant),
    sent_after: Type.Optional(Instant),
    sent_before: Type.Optional(Instant),
    completed_after: Type.Optional(Instant),
    completed_before: Type.Optional(Instant),
    recipient_email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    template_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only envelopes made from this template' })),
    limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', errorMessage: 'must be a whole number from 1 to 100' })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    order: Type.Optional(LiteralUnion(['asc', 'desc'] as const))
  },
  { additionalProperties: false }
);
export type EnvelopeListQuery = Static<typeof EnvelopeListQuery>;

/** The `metadata[key]=value` filters of GET /api/v1/envelopes, by key. */
export const EnvelopeMetadataFilter = Type.Record(
  Type.String({ pattern: METADATA_KEY_PATTERN }),
  Type.String({ maxLength: METADATA_LIMITS.valueLength }),
  { additionalProperties: false, maxProperties: MAX_METADATA_FILTERS, errorMessage: { additionalProperties: 'metadata keys are 1-40 letters, digits, _ . or -', maxProperties: `at most ${MAX_METADATA_FILTERS} metadata filters` } }
);
export type EnvelopeMetadataFilter = Static<typeof EnvelopeMetadataFilter>;

/** One envelope in a list: the summary, without documents, placements or settings. */
export const EnvelopeListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: EnvelopeStatus,
  created_at: DateTime(),
  updated_at: DateTime(),
  sent_at: Nullable(DateTime()),
  completed_at: Nullable(DateTime()),
  voided_at: Nullable(DateTime()),
  metadata: Type.Record(Type.String(), Type.String()),
  template_id: Type.Optional(Nullable(Type.String())),
  envelope_signers: Type.Array(EnvelopeSigner)
});
export type EnvelopeListItem = Static<typeof EnvelopeListItem>;

/** The answer of GET /api/v1/envelopes; `next_cursor` is null on the last page. */
export const EnvelopeListResponse = Type.Object({
  envelopes: Type.Array(EnvelopeListItem),
  next_cursor: Nullable(Type.String()),
  request_id: Type.String()
});
export type EnvelopeListResponse = Static<typeof EnvelopeListResponse>;
