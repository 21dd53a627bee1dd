import type { Migration } from '@signet/db';

/** recipients[k][language]: the recipient's own language (an API code such as FR), null to follow the envelope's. */
export const recipientLanguageMigration: Migration = {
  name: 'envelope_0007_recipient_language',
  async up(knex) {
    await knex.schema.alterTable('recipients', (table) => {
      table.text('language');
    });
  }
};
