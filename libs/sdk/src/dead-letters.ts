import { unwrap } from './errors';
import type { components, operations } from './generated/openapi';
import type { MethodContext } from './methods';

/** A webhook delivery that ran out of its retry schedule. */
export type DeadLetter = components['schemas']['DeadLetter'];
/** GET /api/v1/dead_letters's filters: `state` (`unretried` or `retried`), `webhook_id`, `limit`, `cursor`. */
export type DeadLetterListQuery = Omit<NonNullable<operations['listDeadLetters']['parameters']['query']>, 'limit'> & { limit?: number };

/** `client.deadLetters`: the key's webhook deliveries that ran out of retries, and a new round for one of them. */
export function deadLetterMethods({ api }: MethodContext) {
  const list = async (query: DeadLetterListQuery = {}) =>
    unwrap(await api.GET('/api/v1/dead_letters', { params: { query: { ...query, limit: query.limit === undefined ? undefined : String(query.limit) } } }));
  return {
    deadLetters: {
      /** One page, newest first; pass `next_cursor` on as `cursor`. */
      list,
      /** Every dead letter the filters keep, page by page. */
      async *all(query: Omit<DeadLetterListQuery, 'cursor'> = {}): AsyncGenerator<DeadLetter> {
        let cursor: string | undefined;
        do {
          const page = await list({ ...query, cursor });
          yield* page.dead_letters;
          cursor = page.next_cursor ?? undefined;
        } while (cursor !== undefined);
      },
      /** Its delivery starts a new round of the webhook's retry schedule; answers the dead letter (now with `retried_at`) and the delivery. Once only: again is SignetError 409. */
      async retry(id: string) {
        const { dead_letter, delivery } = unwrap(await api.POST('/api/v1/dead_letters/{id}/retry', { params: { path: { id } } }));
        return { dead_letter, delivery };
      }
    }
  };
}
