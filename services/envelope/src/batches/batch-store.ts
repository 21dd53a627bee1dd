import type { Knex } from 'knex';
import type { BatchItemResult, BatchOperation, BatchStatus } from '@signet/contracts';
import type { EnvelopeCursor } from '../listing/envelope-cursor';

type Db = Knex | Knex.Transaction;

export interface BatchRow {
  id: string;
  tenant_id: string;
  api_key_id: string;
  plan: string;
  /** The creations the key's plan allowed when the batch was posted (the gateway's grant), for its create items. */
  envelope_limits: string | null;
  request_id: string | null;
  operation: BatchOperation;
  status: BatchStatus;
  total: number;
  /** A void batch's reason for every envelope it voids; null otherwise. */
  reason: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** A listed batch, with its creation time as the list's cursor writes it. */
export type ListedBatch = BatchRow & { cursor_at: string };

export interface BatchItemRow {
  batch_id: string;
  index: number;
  input: unknown;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  envelope_id: string | null;
  error: BatchItemResult['error'];
  finished_at: Date | null;
}

export interface BatchCounts {
  succeeded: number;
  failed: number;
  pending: number;
}

/** The item counts of several batches in one query, by batch id. */
async function countsOf(db: Db, batchIds: string[]): Promise<Map<string, BatchCounts>> {
  const rows: Array<BatchCounts & { batch_id: string }> = await db('batch_items').whereIn('batch_id', batchIds).groupBy('batch_id').select(
    'batch_id',
    db.raw(`count(*) FILTER (WHERE status = 'SUCCEEDED')::int AS succeeded`),
    db.raw(`count(*) FILTER (WHERE status = 'FAILED')::int AS failed`),
    db.raw(`count(*) FILTER (WHERE status = 'PENDING')::int AS pending`)
  );
  return new Map(rows.map(({ batch_id: batchId, ...counts }) => [batchId, counts]));
}

/** Batches and their items (each batch's items are run by its job). */
export function batchStore() {
  return {
    async insert(trx: Knex.Transaction, batch: BatchRow, inputs: unknown[]): Promise<void> {
      await trx('batches').insert(batch);
      await trx('batch_items').insert(inputs.map((input, index) => ({
        batch_id: batch.id, index, input: JSON.stringify(input), status: 'PENDING', envelope_id: null, error: null, finished_at: null
      })));
    },

    async find(db: Db, tenantId: string, id: string): Promise<BatchRow | null> {
      return (await db('batches').where({ id, tenant_id: tenantId }).first()) ?? null;
    },

    /** The tenant's batches newest first, one more than `limit` (so the caller knows whether a page follows), after `cursor`. */
    async list(db: Db, tenantId: string, { limit, cursor }: { limit: number; cursor: EnvelopeCursor | null }): Promise<ListedBatch[]> {
      const query = db('batches')
        .select('*', db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`))
        .where('tenant_id', tenantId);
      if (cursor) query.whereRaw('(created_at, id) < (?::timestamptz, ?)', [cursor.createdAt, cursor.id]);
      return query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit + 1);
    },

    async counts(db: Db, batchId: string): Promise<BatchCounts> {
      return (await countsOf(db, [batchId])).get(batchId) ?? { succeeded: 0, failed: 0, pending: 0 };
    },

    countsOf,

    async results(db: Db, batchId: string): Promise<BatchItemResult[]> {
      const rows: BatchItemRow[] = await db('batch_items').select('index', 'envelope_id', 'status', 'error').where({ batch_id: batchId }).orderBy('index');
      return rows.map((row) => ({ index: row.index, envelope_id: row.envelope_id, status: row.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED', error: row.error }));
    },

    /** The batch while it has items to run, locked for this transaction. */
    async lockUnfinished(trx: Knex.Transaction, batchId: string): Promise<BatchRow | null> {
      return (await trx('batches').where({ id: batchId }).whereIn('status', ['PENDING', 'RUNNING']).forUpdate().first()) ?? null;
    },

    async nextItem(trx: Knex.Transaction, batchId: string): Promise<BatchItemRow | null> {
      return (await trx('batch_items').where({ batch_id: batchId, status: 'PENDING' }).orderBy('index').first()) ?? null;
    },

    /** The item's outcome; its input (possibly inline documents) is no longer needed. */
    async finishItem(trx: Knex.Transaction, item: BatchItemRow, outcome: Pick<BatchItemRow, 'status' | 'envelope_id' | 'error'>, now: Date): Promise<void> {
      await trx('batch_items').where({ batch_id: item.batch_id, index: item.index }).update({
        status: outcome.status, envelope_id: outcome.envelope_id, error: outcome.error === null ? null : JSON.stringify(outcome.error), input: null, finished_at: now
      });
    },

    async setStatus(trx: Knex.Transaction, batchId: string, status: BatchStatus, completedAt: Date | null = null): Promise<void> {
      await trx('batches').where({ id: batchId }).update({ status, completed_at: completedAt });
    }
  };
}

export type BatchStore = ReturnType<typeof batchStore>;
