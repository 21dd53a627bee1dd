import type { Knex } from 'knex';
import type { Migration } from '@signet/db';
import { addJob, ensureJobSchema } from '@signet/jobs';
import { START_MIGRATED_REMINDERS } from '../src/envelope-jobs';

/**
 * Envelopes already IN_PROGRESS when reminders came in (the envelope_expiry migration) got none queued:
 * each is carried over as a job that gives them their key's reminders. The job, not this migration, does
 * the work because the key's settings belong to the settings part. Only recipients whose turn had begun
 * by then count (those whose turn began later had their reminders queued with it), and only envelopes
 * with no reminder plan stored (the job stores one), so a second run finds nothing to do.
 */
export const migratedRemindersMigration: Migration = {
  name: 'envelope_migrated_reminders',
  async up(knex: Knex) {
    await ensureJobSchema(knex);
    const waiting: Array<{ envelope_id: string; tenant_id: string; recipient_id: string }> = await knex('recipients')
      .join('envelopes', 'envelopes.id', 'recipients.envelope_id')
      .select('envelopes.id as envelope_id', 'envelopes.tenant_id', 'recipients.id as recipient_id')
      .where({ 'envelopes.status': 'IN_PROGRESS', 'recipients.status': 'IN_PROGRESS' })
      .whereRaw(`envelopes.settings -> 'signature_flow' -> 'reminders' IS NULL`)
      .whereRaw(`recipients.turn_started_at <= (SELECT migration_time FROM knex_migrations WHERE name = 'envelope_expiry')`)
      .orderBy(['envelopes.id', 'recipients.id']);
    const byEnvelope = new Map<string, { tenantId: string; envelopeId: string; recipientIds: string[] }>();
    for (const row of waiting) {
      const envelope = byEnvelope.get(row.envelope_id) ?? { tenantId: row.tenant_id, envelopeId: row.envelope_id, recipientIds: [] };
      envelope.recipientIds.push(row.recipient_id);
      byEnvelope.set(row.envelope_id, envelope);
    }
    for (const envelope of byEnvelope.values()) await addJob(knex, START_MIGRATED_REMINDERS, envelope, { key: envelope.envelopeId });
  }
};
