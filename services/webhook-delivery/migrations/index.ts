import { busMigrations } from '@signet/bus';
import type { Migration } from '@signet/db';
import { webhookDeliveryDeadLettersMigration } from './dead-letters';
import { webhookDeliveryJobsMigration } from './jobs';

export const webhookDeliveryMigrations: readonly Migration[] = [
  ...busMigrations,
  {
    name: 'webhook_delivery_0001_webhooks',
    async up(knex) {
      await knex.schema.createTable('webhooks', (table) => {
        table.text('id').primary();
        table.text('tenant_id').notNullable();
        table.text('api_key_id').notNullable();
        table.text('url').notNullable();
        table.specificType('subscriptions', 'text[]').notNullable();
        // Sent as is with every delivery, so it is kept as is; it never leaves the service any other way.
        table.text('auth');
        table.text('signing_secret').notNullable();
        table.text('retry_schedule').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.index(['tenant_id', 'api_key_id']);
      });
      // One row per event that some webhook wanted, shared by its deliveries: envelope payloads are large.
      await knex.schema.createTable('webhook_events', (table) => {
        table.text('id').primary();
        table.text('event_type').notNullable();
        table.text('tenant_id').notNullable();
        table.text('api_key_id').notNullable();
        // The delivery body byte for byte, so every attempt (and its signature) covers the same text.
        table.text('body').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
      });
      await knex.schema.createTable('deliveries', (table) => {
        table.text('id').primary();
        table.text('webhook_id').notNullable().references('id').inTable('webhooks').onDelete('CASCADE');
        table.text('event_id').notNullable().references('id').inTable('webhook_events');
        table.text('event_type').notNullable();
        table.text('status').notNullable();
        table.integer('attempts').notNullable();
        // Attempts since the delivery was created or last redelivered: the retry schedule counts these.
        table.integer('round_attempts').notNullable();
        table.timestamp('next_attempt_at', { useTz: true });
        // A worker's claim: until this time no other worker takes the row; after it, a killed worker's row is taken again.
        table.timestamp('locked_until', { useTz: true });
        table.text('lease_token');
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.timestamp('completed_at', { useTz: true });
        table.unique(['webhook_id', 'event_id']);
        table.index(['webhook_id', 'id']);
        table.index(['event_id']);
      });
      await knex.raw("CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'PENDING'");
      await knex.raw("CREATE INDEX deliveries_finished ON deliveries (completed_at) WHERE status <> 'PENDING'");
      await knex.schema.createTable('delivery_attempts', (table) => {
        table.text('delivery_id').notNullable().references('id').inTable('deliveries').onDelete('CASCADE');
        table.integer('attempt').notNullable();
        table.timestamp('attempted_at', { useTz: true }).notNullable();
        table.integer('duration_ms').notNullable();
        table.integer('status_code');
        table.text('error');
        table.text('response_body');
        table.primary(['delivery_id', 'attempt']);
      });
    }
  },
  {
    name: 'webhook_delivery_0002_secret_rotation',
    async up(knex) {
      // The secret a rotation replaced: deliveries are signed with it too until the window ends.
      await knex.schema.alterTable('webhooks', (table) => {
        table.text('previous_signing_secret');
        table.timestamp('previous_secret_expires_at', { useTz: true });
      });
    }
  },
  webhookDeliveryJobsMigration,
  {
    name: 'webhook_delivery_0004_attempt_headers',
    async up(knex) {
      // What went over the wire besides the body (which every attempt shares, in webhook_events): the
      // headers sent, the webhook's auth hidden, and the first of the answer's.
      await knex.schema.alterTable('delivery_attempts', (table) => {
        table.jsonb('request_headers');
        table.jsonb('response_headers');
      });
    }
  },
  webhookDeliveryDeadLettersMigration
];
