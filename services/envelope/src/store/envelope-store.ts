import type { Knex } from 'knex';
import { inListOrder } from '../components';
import type { DocumentRow, EnvelopeAggregate, EnvelopeRow, PlacementRow, RecipientRow } from '../model';

type Db = Knex | Knex.Transaction;

export interface RecipientWithEnvelope {
  envelope: Pick<EnvelopeRow, 'id' | 'name' | 'status' | 'api_key_id' | 'settings'>;
  recipient: RecipientRow;
}

const ENVELOPE_JSON = ['settings_overrides', 'settings', 'errors', 'warnings', 'metadata'] as const;

/** pg sends JS arrays as PostgreSQL arrays, not JSON: jsonb values are serialised here, once. */
function withJson<T extends object>(row: T, columns: readonly string[]): Record<string, unknown> {
  const copy = { ...row } as Record<string, unknown>;
  for (const column of columns) if (column in copy) copy[column] = JSON.stringify(copy[column]);
  return copy;
}

function documentFromDb(row: DocumentRow): DocumentRow {
  return { ...row, file_size: Number(row.file_size) };
}

function placementFromDb(row: PlacementRow): PlacementRow {
  const number = (value: unknown) => (value === null ? null : Number(value));
  return { ...row, top: number(row.top), left: number(row.left) };
}

/**
 * Keeps the envelope's search columns in step with its name, documents and recipients, in the same
 * transaction as the change: `q` and `recipient_email` read these, each behind its own index.
 */
async function refreshSearch(trx: Knex.Transaction, envelopeId: string): Promise<void> {
  await trx.raw(`UPDATE envelopes e SET
    search_text = lower(concat_ws(' ', e.name,
      (SELECT string_agg(d.file_name, ' ' ORDER BY d."order") FROM documents d WHERE d.envelope_id = e.id),
      (SELECT string_agg(r.name || ' ' || r.email, ' ' ORDER BY r."order") FROM recipients r WHERE r.envelope_id = e.id))),
    recipient_emails = coalesce((SELECT array_agg(DISTINCT lower(r.email)) FROM recipients r WHERE r.envelope_id = e.id), '{}')
    WHERE e.id = ?`, [envelopeId]);
}

export function envelopeStore() {
  return {
    /** The envelope of this tenant with its components, or null (another tenant's id is simply not found). */
    async load(db: Db, tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<EnvelopeAggregate | null> {
      const query = db('envelopes').where({ id, tenant_id: tenantId }).first();
      const envelope: EnvelopeRow | undefined = await (options.forUpdate ? query.forUpdate() : query);
      if (!envelope) return null;
      // One after another: inside a transaction the three share one connection, which cannot run queries at once.
      const documents = await db('documents').where({ envelope_id: id });
      const recipients = await db('recipients').where({ envelope_id: id });
      const placements = await db('placements').where({ envelope_id: id });
      return {
        envelope,
        documents: inListOrder(documents.map(documentFromDb)),
        recipients: inListOrder(recipients),
        placements: inListOrder(placements.map(placementFromDb))
      };
    },

    async summary(db: Db, tenantId: string, id: string): Promise<Pick<EnvelopeRow, 'id' | 'status' | 'api_key_id'> | null> {
      return (await db('envelopes').select('id', 'status', 'api_key_id').where({ id, tenant_id: tenantId }).first()) ?? null;
    },

    /**
     * One recipient with its envelope, in one query whatever is missing: an unknown envelope, an unknown
     * recipient and another tenant's take the same path, so timing does not tell them apart.
     */
    async recipientWithEnvelope(db: Db, tenantId: string, envelopeId: string, recipientId: string): Promise<RecipientWithEnvelope | null> {
      const row = await db('recipients').join('envelopes', 'envelopes.id', 'recipients.envelope_id')
        .select('recipients.*', { envelope_name: 'envelopes.name', envelope_status: 'envelopes.status', envelope_api_key_id: 'envelopes.api_key_id', envelope_settings: 'envelopes.settings' })
        .where({ 'envelopes.id': envelopeId, 'envelopes.tenant_id': tenantId, 'recipients.id': recipientId }).first();
      if (!row) return null;
      const { envelope_name: name, envelope_status: status, envelope_api_key_id: apiKeyId, envelope_settings: settings, ...recipient } = row;
      return { envelope: { id: envelopeId, name, status, api_key_id: apiKeyId, settings }, recipient };
    },

    /** Where a live signing link leads: the envelope (and its tenant) of the recipient holding it; revoked links lead nowhere. */
    async signingLink(db: Db, tokenHash: string): Promise<{ tenant_id: string; envelope_id: string } | null> {
      const row = await db('recipients').join('envelopes', 'envelopes.id', 'recipients.envelope_id')
        .select('envelopes.tenant_id', 'recipients.envelope_id')
        .where({ 'recipients.access_token_hash': tokenHash }).whereNull('recipients.access_revoked_at').first();
      return row ?? null;
    },

    async insert(trx: Knex.Transaction, aggregate: EnvelopeAggregate): Promise<void> {
      await trx('envelopes').insert(withJson(aggregate.envelope, ENVELOPE_JSON));
      await this.replaceDocuments(trx, aggregate.envelope.id, aggregate.documents);
      await this.replaceRecipients(trx, aggregate.envelope.id, aggregate.recipients);
      await this.replacePlacements(trx, aggregate.envelope.id, aggregate.placements);
    },

    async updateEnvelope(trx: Knex.Transaction, id: string, changes: Partial<EnvelopeRow>): Promise<void> {
      await trx('envelopes').where({ id }).update(withJson(changes, ENVELOPE_JSON));
      if (changes.name !== undefined) await refreshSearch(trx, id);
    },

    async replaceDocuments(trx: Knex.Transaction, envelopeId: string, rows: DocumentRow[]): Promise<void> {
      await trx('documents').where({ envelope_id: envelopeId }).delete();
      if (rows.length > 0) await trx('documents').insert(rows.map((row) => withJson(row, ['page_sizes'])));
      await refreshSearch(trx, envelopeId);
    },

    async replaceRecipients(trx: Knex.Transaction, envelopeId: string, rows: RecipientRow[]): Promise<void> {
      await trx('recipients').where({ envelope_id: envelopeId }).delete();
      if (rows.length > 0) await trx('recipients').insert(rows);
      await refreshSearch(trx, envelopeId);
    },

    async replacePlacements(trx: Knex.Transaction, envelopeId: string, rows: PlacementRow[]): Promise<void> {
      await trx('placements').where({ envelope_id: envelopeId }).delete();
      if (rows.length > 0) await trx('placements').insert(rows);
    },

    /** Every signing link of the envelope stops working. */
    async revokeAccess(trx: Knex.Transaction, envelopeId: string, now: Date): Promise<void> {
      await trx('recipients').where({ envelope_id: envelopeId }).whereNull('access_revoked_at').update({ access_revoked_at: now });
    },

    async updateRecipient(trx: Knex.Transaction, id: string, changes: Partial<RecipientRow>): Promise<void> {
      await trx('recipients').where({ id }).update(changes);
    }
  };
}

export type EnvelopeStore = ReturnType<typeof envelopeStore>;
