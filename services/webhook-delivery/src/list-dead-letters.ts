import { DeadLettersQuery } from '@signet/contracts';
import { parseWith } from '@signet/http';
import { deadLetterView, type DeadLetterView } from './present/dead-letter-view';
import type { WebhookDeps } from './webhook-deps';
import type { Owner } from './model';

const DEFAULT_LIMIT = 20;

/**
 * GET /api/v1/dead_letters?state=&webhook_id=&limit=&cursor=: the dead letters of the key's webhooks, newest
 * first; `next_cursor` fetches the next page and is null on the last.
 */
export async function listDeadLetters(
  deps: WebhookDeps, { owner, query: raw }: { owner: Owner; query: unknown }
): Promise<{ dead_letters: DeadLetterView[]; next_cursor: string | null }> {
  const query = parseWith(DeadLettersQuery, raw);
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
  const rows = await deps.deadLetters.list(owner, { state: query.state, webhookId: query.webhook_id, before: query.cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    dead_letters: page.map(deadLetterView),
    next_cursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null
  };
}
