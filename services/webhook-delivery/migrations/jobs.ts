import type { Knex } from 'knex';
import type { Migration } from '@signet/db';
import { addJob, ensureJobSchema } from '@signet/jobs';
import { DELIVER_WEBHOOK } from '../src/jobs/delivery-jobs';

/**
 * Delivery attempts become jobs: every PENDING delivery is carried over as its next attempt's job, due
 * when its row said (its number follows the attempts it made, its round goes on where it was), and the
 * rows' own schedule, claim and counters go. A claim held by a worker that is gone simply ends: the
 * attempt is queued again.
 */
export const webhookDeliveryJobsMigration: Migration = {
  name: 'webhook_delivery_0003_jobs',
  async up(knex: Knex) {
    await ensureJobSchema(knex);
    const pending: Array<{ id: string; attempts: number; round_attempts: number; next_attempt_at: Date | null; created_at: Date }> = await knex('deliveries')
      .select('id', 'attempts', 'round_attempts', 'next_attempt_at', 'created_at').where({ status: 'PENDING' });
    for (const delivery of pending) {
      const dueAt = delivery.next_attempt_at ?? delivery.created_at;
      const attempt = { deliveryId: delivery.id, attempt: delivery.attempts + 1, roundAttempt: delivery.round_attempts + 1, dueAt: dueAt.toISOString() };
      await addJob(knex, DELIVER_WEBHOOK, attempt, { key: delivery.id, databaseRunAt: dueAt });
    }
    await knex.schema.alterTable('deliveries', (table) => {
      table.dropColumn('next_attempt_at');
      table.dropColumn('locked_until');
      table.dropColumn('lease_token');
      table.dropColumn('attempts');
      table.dropColumn('round_attempts');
    });
  }
};
