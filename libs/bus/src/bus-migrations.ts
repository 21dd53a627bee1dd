import { createNotifyTrigger, type Migration } from '@signet/db';
import { OUTBOX_CHANNEL } from './outbox';

/** The outbox and inbox tables every service that publishes or consumes events carries in its schema. */
export const busMigrations: readonly Migration[] = [
  {
    name: 'bus_0001_outbox',
    async up(knex) {
      await knex.schema.createTable('outbox', (table) => {
        table.bigIncrements('id').primary();
        table.text('event_id').notNullable().unique();
        table.text('topic').notNullable();
        table.text('key').notNullable();
        table.jsonb('payload').notNullable();
        table.jsonb('headers').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        table.timestamp('published_at', { useTz: true });
      });
      await knex.raw('CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL');
    }
  },
  {
    name: 'bus_0002_inbox',
    async up(knex) {
      await knex.schema.createTable('inbox', (table) => {
        table.text('consumer').notNullable();
        table.text('event_id').notNullable();
        table.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        table.primary(['consumer', 'event_id']);
      });
    }
  },
  {
    // Every statement that writes to the outbox wakes the relays when its transaction commits (NOTIFY is
    // delivered then, once per transaction), without a round trip of its own.
    name: 'bus_0003_outbox_notify',
    async up(knex) {
      await createNotifyTrigger(knex, { name: 'outbox_notify', table: 'outbox', on: 'INSERT', channel: OUTBOX_CHANNEL });
    }
  },
  {
    // With the in-memory bus, the outbox rows every consumer has handled, up to which id: a start
    // publishes again the published rows beyond it. Rows written before this table existed count as handled.
    name: 'bus_0004_outbox_handled',
    async up(knex) {
      await knex.raw('CREATE TABLE outbox_handled (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), through_id bigint NOT NULL)');
      await knex.raw('INSERT INTO outbox_handled (through_id) SELECT coalesce(max(id), 0) FROM outbox');
    }
  }
];
