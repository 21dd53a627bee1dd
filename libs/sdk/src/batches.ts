import { unwrap } from './errors';
import type { components, operations } from './generated/openapi';
import type { MethodContext } from './methods';

type Schemas = components['schemas'];
export type BatchCreateRequest = Schemas['BatchCreateRequest'];
/** A batch with its progress, and each item's result once COMPLETED. */
export type Batch = Schemas['BatchView'];
/** A batch as the list shows it: its progress, without the results. */
export type BatchSummary = Schemas['BatchSummary'];
export type BatchListQuery = Omit<NonNullable<operations['listBatches']['parameters']['query']>, 'limit'> & { limit?: number };

/**
 * `client.batches`: up to 100 envelopes created, sent, voided (with an optional `reason` for all) or
 * reminded in the background, one result per item; poll `get` or subscribe a webhook to `batch.completed`.
 */
export function batchMethods({ api }: MethodContext) {
  return {
    batches: {
      /** `{operation: 'remind', envelope_ids}`, `{operation: 'void', envelope_ids, reason}`, `{operation: 'create', items}`...: answers the batch, PENDING. */
      async create(batch: BatchCreateRequest): Promise<Batch> {
        return unwrap(await api.POST('/api/v1/batches', { body: batch })).batch;
      },
      async get(id: string): Promise<Batch> {
        return unwrap(await api.GET('/api/v1/batches/{id}', { params: { path: { id } } })).batch;
      },
      /** One page of your batches, newest first: pass `next_cursor` back as `cursor` for the next. */
      async list(query: BatchListQuery = {}) {
        return unwrap(await api.GET('/api/v1/batches', { params: { query: { ...query, limit: query.limit === undefined ? undefined : String(query.limit) } } }));
      },
      /** Every batch, newest first, page by page. */
      async *all(): AsyncGenerator<BatchSummary> {
        let cursor: string | undefined;
        do {
          const page = await this.list({ cursor });
          yield* page.batches;
          cursor = page.next_cursor ?? undefined;
        } while (cursor !== undefined);
      }
    }
  };
}
