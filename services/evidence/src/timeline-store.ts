import type { Knex } from 'knex';

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

/** The evidence service's tables: the timeline and, per envelope, its snapshot and evidence document. */
export const timelineStore = {
  async record(
    trx: Knex.Transaction, tenantId: string, entry: TimelineEntry, options: { bumpsVersion: boolean; snapshot: Record<string, unknown> | null; apiKeyId: string | null }
  ): Promise<void> {
    await trx('timeline_events').insert({ ...entry, tenant_id: tenantId, envelope_id: envelopeIdOf(entry, options.snapshot), details: JSON.stringify(entry.details) });
    const envelopeId = envelopeIdOf(entry, options.snapshot);
    await trx('evidence_envelopes').insert({ envelope_id: envelopeId, tenant_id: tenantId }).onConflict('envelope_id').ignore();
    if (options.bumpsVersion) await trx('evidence_envelopes').where({ envelope_id: envelopeId }).increment('timeline_version', 1);
    if (options.apiKeyId !== null) await trx('evidence_envelopes').where({ envelope_id: envelopeId }).whereNull('api_key_id').update({ api_key_id: options.apiKeyId });
    if (options.snapshot !== null) {
      // Events of one envelope may arrive out of order across restarts: keep the latest by occurrence.
      await trx('evidence_envelopes')
        .where({ envelope_id: envelopeId })
        .andWhere((q) => q.whereNull('snapshot_at').orWhere('snapshot_at', '<=', entry.occurred_at))
        .update({ snapshot: JSON.stringify(options.snapshot), snapshot_at: entry.occurred_at });
    }
  },

  async find(db: Knex, envelopeId: string): Promise<EvidenceRow | undefined> {
    return db('evidence_envelopes').where({ envelope_id: envelopeId }).first();
  },

  async timeline(db: Knex, envelopeId: string): Promise<TimelineEntry[]> {
    return db('timeline_events').where({ envelope_id: envelopeId }).orderBy([{ column: 'occurred_at' }, { column: 'event_id' }]);
  },

  async nextStale(db: Knex): Promise<string | undefined> {
    const row = await db('evidence_envelopes').whereNotNull('blob_key').andWhereRaw('timeline_version > rendered_version').orderBy('envelope_id').first('envelope_id');
    return row?.envelope_id as string | undefined;
  }
};

function envelopeIdOf(entry: TimelineEntry, snapshot: Record<string, unknown> | null): string {
  return String(snapshot?.id ?? entry.details.envelope_id);
}

export type TimelineStore = typeof timelineStore;
