import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeCreateRequest, voidReason } from './envelope-requests';
import { BatchOperation, BatchSummary, BatchView } from './payloads/batch-completed-payload';
import { Nullable } from './schema-helpers';

export const MAX_BATCH_ITEMS = 100;

/**
 * One item of a `create` batch: the fields of the multipart envelope create as JSON (every value a string,
 * documents as inline base64). Each item is checked against it when it runs, so one bad item fails alone.
 */
export const BatchCreateItem = EnvelopeCreateRequest;

/**
 * POST /api/v1/batches (JSON). `create` takes `items` (each a BatchCreateItem); `create_from_template`
 * takes `template_id` and `items` (each a TemplateUseRequest); `send`, `void` and `remind` take
 * `envelope_ids`; `void` also an optional `reason` for every envelope.
 */
export const BatchCreateRequest = Type.Object(
  {
    operation: BatchOperation,
    template_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The template every item of `create_from_template` is made from' })),
    items: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true, description: 'a BatchCreateItem, or for create_from_template a TemplateUseRequest' }), {
      minItems: 1, maxItems: MAX_BATCH_ITEMS, errorMessage: `must hold 1-${MAX_BATCH_ITEMS} envelope definitions`
    })),
    envelope_ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1, maxItems: MAX_BATCH_ITEMS, errorMessage: `must hold 1-${MAX_BATCH_ITEMS} envelope ids`
    })),
    reason: Type.Optional(voidReason('`void` only: the reason given to every envelope it voids'))
  },
  { additionalProperties: false }
);
export type BatchCreateRequest = Static<typeof BatchCreateRequest>;

/** The answer of POST /api/v1/batches (202) and GET /api/v1/batches/:id. */
export const BatchResponse = Type.Object({ batch: BatchView, request_id: Type.String() });
export type BatchResponse = Static<typeof BatchResponse>;

/** GET /api/v1/batches: pages of `limit` (1-100, default 20); `cursor` is a page's `next_cursor`. */
export const BatchListQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', errorMessage: 'must be a whole number from 1 to 100' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 500 }))
}, { additionalProperties: false });
export type BatchListQuery = Static<typeof BatchListQuery>;

/** The answer of GET /api/v1/batches: the caller's batches, newest first; `next_cursor` is null on the last page. */
export const BatchListResponse = Type.Object({
  batches: Type.Array(BatchSummary),
  next_cursor: Nullable(Type.String()),
  request_id: Type.String()
});
export type BatchListResponse = Static<typeof BatchListResponse>;
