import type { Migration } from '@signet/db';

/** The lifecycle email queue, the signing links it needs (encrypted) and the invitations' tracking ids. */
export const emailsMigration: Migration = {
  name: 'envelope_0003_emails',
  async up(knex) {
    // The raw signing link exists only in recipient.link_generated; invitations sent later need it back.
    await knex.schema.createTable('signing_links', (table) => {
      table.text('recipient_id').primary().references('id').inTable('recipients').onDelete('CASCADE');
      table.binary('sealed_url').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('lifecycle_mails', (table) => {
      table.text('id').primary();
      table.text('tenant_id').notNullable();
      table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
      table.text('recipient_id').notNullable().references('id').inTable('recipients').onDelete('CASCADE');
      table.text('kind').notNullable();
      // PENDING until the server answers: SENT, BOUNCED, or DROPPED when no longer worth sending.
      table.text('status').notNullable();
      // Emptied once the mail is out: it holds the signing link.
      table.binary('sealed');
      table.integer('attempts').notNullable();
      table.timestamp('next_attempt_at', { useTz: true });
      table.text('last_error');
      table.text('request_id');
      table.timestamp('handed_at', { useTz: true });
      table.timestamp('sent_at', { useTz: true });
      table.timestamp('bounced_at', { useTz: true });
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['next_attempt_at']);
    });
    await knex.schema.createTable('email_tracking', (table) => {
      table.text('token_hash').primary();
      table.text('mail_id').notNullable().references('id').inTable('lifecycle_mails').onDelete('CASCADE');
      table.timestamp('opened_at', { useTz: true });
      table.timestamp('clicked_at', { useTz: true });
    });
  }
};
