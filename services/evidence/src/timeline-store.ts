import type { Knex } from 'knex';
import { addJobCall } from '@signet/jobs';
import { RERENDER_EVIDENCE } from './evidence-jobs';
import { prepared } from '@signet/db';

export interface TimelineEntry {
  event_id: string;
  event_type: string;
  occurred_at: Date;
  recipient_id: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  ip_address: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

export interface EvidenceRow {
  envelope_id: string;
  tenant_id: string;
  snapshot: Record<string, unknown> | null;
  snapshot_at: Date | null;
  timeline_version: number;
  rendered_version: number | null;
  blob_key: string | null;
  document_url: string | null;
  document_url_expires_at: Date | null;
  generated_at: Date | null;
  render_count: number;
  /** The API key the envelope belongs to, from the first of its events that names one. */
  api_key_id: string | null;
}

const NEWER_SNAPSHOT = 'excluded.snapshot IS NOT NULL AND (e.snapshot_at IS NULL OR e.snapshot_at <= excluded.snapshot_at)';

/** The evidence service's tables: the timeline and, per envelope, its snapshot and evidence document. */
export const timelineStore = {
  /**
   * Records an event once per consumer, in one statement (one round trip, atomic without a transaction):
   * the consumer's inbox row, then only if that is new, the event's timeline row and the envelope's
   * evidence row brought up to date (its timeline version, the first API key named, and the latest
   * snapshot by occurrence: events of one envelope may arrive out of order across restarts).
   * When the event makes rendered evidence stale, the envelope's re-render job is queued by the same
   * statement. Says whether the event was new, and whether the envelope's evidence had been rendered.
   */
  async recordOnce(
    db: Knex, consumer: string, tenantId: string, entry: TimelineEntry,
    options: { bumpsVersion: boolean; snapshot: Record<string, unknown> | null; apiKeyId: string | null }
  ): Promise<{ recorded: boolean; rendered: boolean }> {
    const envelopeId = envelopeIdOf(entry, options.snapshot);
    const snapshotAt = options.snapshot === null ? null : entry.occurred_at;
    const rerender = addJobCall(RERENDER_EVIDENCE, { envelopeId }, { key: envelopeId });
    const result = await prepared('timeline_record_once', db.raw(
      `WITH claimed AS (
         INSERT INTO inbox (consumer, event_id) VALUES (?, ?) ON CONFLICT (consumer, event_id) DO NOTHING RETURNING event_id
       ), timeline AS (
         INSERT INTO timeline_events (event_id, tenant_id, envelope_id, event_type, occurred_at, recipient_id, recipient_name, recipient_email, ip_address, user_agent, details)
         SELECT event_id, ?, ?, ?, ?::timestamptz, ?, ?, ?, ?, ?, ?::jsonb FROM claimed
       ), evidence AS (
         INSERT INTO evidence_envelopes AS e (envelope_id, tenant_id, timeline_version, api_key_id, snapshot, snapshot_at)
         SELECT ?, ?, ?::integer, ?, ?::jsonb, ?::timestamptz FROM claimed
         ON CONFLICT (envelope_id) DO UPDATE SET
           timeline_version = e.timeline_version + excluded.timeline_version,
           api_key_id = coalesce(e.api_key_id, excluded.api_key_id),
           snapshot = CASE WHEN ${NEWER_SNAPSHOT} THEN excluded.snapshot ELSE e.snapshot END,
           snapshot_at = CASE WHEN ${NEWER_SNAPSHOT} THEN excluded.snapshot_at ELSE e.snapshot_at END
         RETURNING e.blob_key IS NOT NULL AS rendered
       ), requeued AS (
         SELECT ${rerender[0]} FROM evidence WHERE rendered AND ?::boolean
       )
       SELECT EXISTS (SELECT 1 FROM claimed) AS recorded, coalesce((SELECT bool_or(rendered) FROM evidence), false) AS rendered,
              (SELECT count(*) FROM requeued) AS requeued`,
      [
        consumer, entry.event_id,
        tenantId, envelopeId, entry.event_type, entry.occurred_at, entry.recipient_id, entry.recipient_name, entry.recipient_email, entry.ip_address, entry.user_agent, JSON.stringify(entry.details),
        envelopeId, tenantId, options.bumpsVersion ? 1 : 0, options.apiKeyId, options.snapshot === null ? null : JSON.stringify(options.snapshot), snapshotAt,
        ...rerender[1], options.bumpsVersion
      ]
    ));
    const row = result.rows[0] as { recorded: boolean; rendered: boolean };
    return { recorded: row.recorded, rendered: row.rendered };
  },

  async find(db: Knex, envelopeId: string): Promise<EvidenceRow | undefined> {
    return db('evidence_envelopes').where({ envelope_id: envelopeId }).first();
  },

  async timeline(db: Knex, envelopeId: string): Promise<TimelineEntry[]> {
    return db('timeline_events').where({ envelope_id: envelopeId }).orderBy([{ column: 'occurred_at' }, { column: 'event_id' }]);
  },

  /** Whether the envelope's timeline holds an event of one of these types. */
  async hasEventOf(db: Knex, envelopeId: string, eventTypes: readonly string[]): Promise<boolean> {
    const found = await db('timeline_events').where({ envelope_id: envelopeId }).whereIn('event_type', [...eventTypes]).first('event_id');
    return found !== undefined;
  },

};

function envelopeIdOf(entry: TimelineEntry, snapshot: Record<string, unknown> | null): string {
  return String(snapshot?.id ?? entry.details.envelope_id);
}

export type TimelineStore = typeof timelineStore;
