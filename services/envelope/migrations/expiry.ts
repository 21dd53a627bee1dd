import type { Migration } from '@signet/db';

/**
 * Expiry and reminders: when an envelope expires (null: never), when each recipient's turn began (their
 * reminders count from it) and when they were last reminded over the API (one an hour). Recipients whose
 * turn had already begun take the envelope's sending time.
 */
export const expiryMigration: Migration = {
  name: 'envelope_expiry',
  async up(knex) {
    await knex.schema.alterTable('envelopes', (table) => {
      table.timestamp('expires_at', { useTz: true });
    });
    await knex.schema.alterTable('recipients', (table) => {
      table.timestamp('turn_started_at', { useTz: true });
      table.timestamp('last_manual_reminder_at', { useTz: true });
    });
    await knex.raw(`UPDATE recipients SET turn_started_at = envelopes.sent_at FROM envelopes
      WHERE envelopes.id = recipients.envelope_id AND recipients.status = 'IN_PROGRESS'`);
  }
};
