import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';

export const BATCH_OPERATIONS = ['create', 'send', 'void', 'create_from_template', 'remind'] as const;
export const BatchOperation = LiteralUnion(BATCH_OPERATIONS);
export type BatchOperation = Static<typeof BatchOperation>;

/** PENDING until the worker starts it, RUNNING while items remain, COMPLETED when every item has an outcome. */
export const BATCH_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED'] as const;
export const BatchStatus = LiteralUnion(BATCH_STATUSES);
export type BatchStatus = Static<typeof BatchStatus>;

/** An item's error: the answer its single call would have given (`code` from docs/errors.md). */
export const BatchItemError = Type.Object({
  code: Type.String(),
  error: Type.String(),
  details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() })))
});

export const BatchItemResult = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  envelope_id: Nullable(Type.String()),
  status: LiteralUnion(['SUCCEEDED', 'FAILED'] as const),
  error: Nullable(BatchItemError)
});
export type BatchItemResult = Static<typeof BatchItemResult>;

/** A batch and its progress, as GET /api/v1/batches lists it. */
export const BatchSummary = Type.Object({
  id: Type.String(),
  operation: BatchOperation,
  status: BatchStatus,
  total: Type.Integer({ minimum: 0 }),
  succeeded: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  /** Optional: batch.completed events recorded before batches took a reason lack it. */
  reason: Type.Optional(Nullable(Type.String(), { description: 'The reason a `void` batch gives every envelope it voids; null when none was given, and for other operations' })),
  created_at: DateTime(),
  completed_at: Nullable(DateTime())
});
export type BatchSummary = Static<typeof BatchSummary>;

/** A batch as the API shows it; `results` once COMPLETED. */
export const BatchView = Type.Object({
  ...BatchSummary.properties,
  results: Type.Optional(Type.Array(BatchItemResult))
});
export type BatchView = Static<typeof BatchView>;

/** `data` of batch.completed: the finished batch with every item's outcome. */
export const BatchCompletedPayload = Type.Object(
  { ...BatchView.properties, status: LiteralUnion(['COMPLETED'] as const), completed_at: DateTime(), results: Type.Array(BatchItemResult) },
  { additionalProperties: true }
);
export type BatchCompletedPayload = Static<typeof BatchCompletedPayload>;
