import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { DeadLetterState } from '@signet/contracts';
import type { ListedDeadLetter, Owner } from '../model';

/** What a dead letter records of the attempt that ended its delivery's round. */
export interface DeadLetterFacts {
  deliveryId: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  failedAt: Date;
}

export interface DeadLetterFilter {
  state?: DeadLetterState;
  webhookId?: string;
  /** Dead letters older than this one (the last of the previous page). */
  before?: string;
  limit: number;
}

/** A delivery ran out of its retry schedule: recorded in the transaction that makes it FAILED. */
export async function recordDeadLetter(trx: Knex.Transaction, facts: DeadLetterFacts): Promise<void> {
  await trx.raw(
    `INSERT INTO dead_letters (id, delivery_id, webhook_id, attempts, last_status_code, last_error, failed_at)
     SELECT ?, id, webhook_id, ?, ?, ?, ? FROM deliveries WHERE id = ?`,
    [uuidv7(), facts.attempts, facts.lastStatusCode, facts.lastError, facts.failedAt, facts.deliveryId]
  );
}

/** The delivery starts a new round (a retry, a redelivery): its dead letter, if one waits, is retried with it. */
export async function markDeadLetterRetried(trx: Knex.Transaction, deliveryId: string, now: Date): Promise<void> {
  await trx('dead_letters').where({ delivery_id: deliveryId }).whereNull('retried_at').update({ retried_at: now });
}

/** The dead letters of a key's webhooks, with what their deliveries carry. Another key's are simply not found. */
export function deadLetterStore(db: Knex) {
  const owned = (owner: Owner) => db('dead_letters')
    .join('deliveries', 'deliveries.id', 'dead_letters.delivery_id')
    .whereIn('dead_letters.webhook_id', db('webhooks').select('id').where({ tenant_id: owner.tenantId, api_key_id: owner.apiKeyId }))
    .select<ListedDeadLetter[]>('dead_letters.*', 'deliveries.event_id', 'deliveries.event_type');

  return {
    /** Newest first. */
    list(owner: Owner, filter: DeadLetterFilter): Promise<ListedDeadLetter[]> {
      const query = owned(owner).orderBy('dead_letters.id', 'desc').limit(filter.limit);
      if (filter.state === 'unretried') query.whereNull('dead_letters.retried_at');
      if (filter.state === 'retried') query.whereNotNull('dead_letters.retried_at');
      if (filter.webhookId) query.where('dead_letters.webhook_id', filter.webhookId);
      if (filter.before) query.where('dead_letters.id', '<', filter.before);
      return query;
    },

    async find(owner: Owner, id: string): Promise<ListedDeadLetter | undefined> {
      const [row] = await owned(owner).where('dead_letters.id', id);
      return row;
    }
  };
}

export type DeadLetterStore = ReturnType<typeof deadLetterStore>;
