import { busMigrations } from '@signet/bus';
import type { Migration } from '@signet/db';
import { evidenceJobsMigration } from './jobs';

export const evidenceMigrations: readonly Migration[] = [
  ...busMigrations,
  {
    name: 'evidence_0001_timeline',
    async up(knex) {
      // One row per consumed envelope/recipient event: the audit timeline.
      await knex.schema.createTable('timeline_events', (table) => {
        table.text('event_id').primary();
        table.text('tenant_id').notNullable();
        table.text('envelope_id').notNullable();
        table.text('event_type').notNullable();
        table.timestamp('occurred_at', { useTz: true }).notNullable();
        table.text('recipient_id');
        table.text('recipient_name');
        table.text('recipient_email');
        table.text('ip_address');
        table.text('user_agent');
        table.jsonb('details').notNullable();
        table.index(['envelope_id', 'occurred_at']);
      });
      // The latest envelope snapshot and the evidence document's state.
      await knex.schema.createTable('evidence_envelopes', (table) => {
        table.text('envelope_id').primary();
        table.text('tenant_id').notNullable();
        table.jsonb('snapshot');
        table.timestamp('snapshot_at', { useTz: true });
        // Bumped by every timeline event that should appear in the PDF.
        table.integer('timeline_version').notNullable().defaultTo(0);
        table.integer('rendered_version');
        table.text('blob_key');
        table.text('document_url');
        table.timestamp('document_url_expires_at', { useTz: true });
        table.timestamp('generated_at', { useTz: true });
        table.integer('render_count').notNullable().defaultTo(0);
      });
      await knex.raw('CREATE INDEX evidence_envelopes_stale ON evidence_envelopes (envelope_id) WHERE blob_key IS NOT NULL AND timeline_version > rendered_version');
    }
  },
  {
    name: 'evidence_0002_api_key',
    async up(knex) {
      // The key the envelope belongs to (from its events), whose webhooks hear envelope.evidence_generated.
      await knex.schema.alterTable('evidence_envelopes', (table) => {
        table.text('api_key_id');
      });
    }
  },
  evidenceJobsMigration
];
