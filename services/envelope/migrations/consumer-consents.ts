import type { Migration } from '@signet/db';

/**
 * A recipient's consent to electronic records and signatures (signature_flow.consumer_consent): one row per
 * recipient, kept as given (a withdrawal rejects the recipient and leaves the row as evidence).
 */
export const consumerConsentsMigration: Migration = {
  name: 'envelope_consumer_consents',
  async up(knex) {
    await knex.schema.createTable('consumer_consents', (table) => {
      table.text('recipient_id').primary().references('id').inTable('recipients').onDelete('CASCADE');
      table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
      table.text('disclosure_version').notNullable();
      // The language the disclosure was shown in, and the SHA-256 of its text as shown (the sender's values in it).
      table.text('language').notNullable();
      table.text('text_sha256').notNullable();
      table.text('ip_address');
      table.text('user_agent');
      table.timestamp('consented_at', { useTz: true }).notNullable();
      table.index(['envelope_id']);
    });
  }
};
