import type { Migration } from '@signet/db';

/**
 * recipients[k][validations]: the recipient's own identity-check settings over the envelope's (null to
 * follow the envelope's); and `identity`, where the recipient's identity checks stand, from the validation
 * part's events.
 */
export const recipientValidationsMigration: Migration = {
  name: 'envelope_recipient_validations',
  async up(knex) {
    await knex.schema.alterTable('recipients', (table) => {
      table.jsonb('validations');
      table.jsonb('identity');
    });
  }
};
