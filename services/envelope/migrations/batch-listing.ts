import type { Migration } from '@signet/db';

/** GET /api/v1/batches: a tenant's batches newest first, keyset-paged on (created_at, id). */
export const batchListingMigration: Migration = {
  name: 'envelope_batch_listing',
  async up(knex) {
    await knex.raw('CREATE INDEX batches_tenant_created ON batches (tenant_id, created_at DESC, id DESC)');
  }
};
