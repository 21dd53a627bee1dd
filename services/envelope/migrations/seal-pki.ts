import type { Migration } from '@signet/db';

/**
 * The development PKI (CA, seal and TSA keys and certificates), encrypted with a key derived from the
 * internal secret. It replaces seal_certificates, whose generated key and passphrase were plain: that
 * self-signed certificate is dropped (documents sealed with it carry it and still verify). Signed
 * documents learn when their archive timestamp is due for renewal.
 */
export const sealPkiMigration: Migration = {
  name: 'envelope_0004_seal_pki',
  async up(knex) {
    await knex.schema.createTable('seal_pki', (table) => {
      table.text('id').primary();
      table.binary('sealed').notNullable();
      table.text('ca_certificate_pem').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.schema.dropTableIfExists('seal_certificates');
    // When a signed PDF's document timestamp should be renewed (before its TSA certificate expires).
    await knex.schema.alterTable('documents', (table) => {
      table.timestamp('archive_renew_after', { useTz: true });
      table.index(['archive_renew_after']);
    });
  }
};
