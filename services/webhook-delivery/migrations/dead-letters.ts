import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { Migration } from '@signet/db';

const INSERT_CHUNK = 500;

interface FailedDelivery {
  id: string;
  webhook_id: string;
  failed_at: Date;
  attempt: number | null;
  status_code: number | null;
  error: string | null;
}

/**
 * Dead letters: one row each time a delivery runs out of its retry schedule. The deliveries already FAILED
 * get theirs from their last attempt, oldest first, so their ids keep the order they failed in.
 */
export const webhookDeliveryDeadLettersMigration: Migration = {
  name: 'webhook_delivery_0005_dead_letters',
  async up(knex: Knex) {
    await knex.schema.createTable('dead_letters', (table) => {
      table.text('id').primary();
      table.text('delivery_id').notNullable().references('id').inTable('deliveries').onDelete('CASCADE');
      table.text('webhook_id').notNullable().references('id').inTable('webhooks').onDelete('CASCADE');
      // Every attempt the delivery had made when it failed, all rounds counted.
      table.integer('attempts').notNullable();
      table.integer('last_status_code');
      table.text('last_error');
      table.timestamp('failed_at', { useTz: true }).notNullable();
      table.timestamp('retried_at', { useTz: true });
      table.index(['webhook_id', 'id']);
      table.index(['delivery_id']);
    });
    // A delivery fails again only after a retry or a redelivery, which marks its dead letter retried.
    await knex.raw('CREATE UNIQUE INDEX dead_letters_one_waiting ON dead_letters (delivery_id) WHERE retried_at IS NULL');
    const failed: { rows: FailedDelivery[] } = await knex.raw(`
      SELECT d.id, d.webhook_id, coalesce(d.completed_at, d.updated_at) AS failed_at, last.attempt, last.status_code, last.error
      FROM deliveries d
      LEFT JOIN LATERAL (
        SELECT attempt, status_code, error FROM delivery_attempts WHERE delivery_id = d.id ORDER BY attempt DESC LIMIT 1
      ) last ON true
      WHERE d.status = 'FAILED'
      ORDER BY 3, d.id`);
    const rows = failed.rows.map((delivery) => ({
      id: uuidv7(),
      delivery_id: delivery.id,
      webhook_id: delivery.webhook_id,
      attempts: delivery.attempt ?? 0,
      last_status_code: delivery.status_code,
      last_error: delivery.error,
      failed_at: delivery.failed_at,
      retried_at: null
    }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) await knex('dead_letters').insert(rows.slice(start, start + INSERT_CHUNK));
  }
};
