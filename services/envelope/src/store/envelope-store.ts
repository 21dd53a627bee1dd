import type { Knex } from 'knex';
import type { NewOutboxRow } from '@signet/bus';
import type { EnvelopeStatus } from '@signet/contracts';
import { prepared, preparedNameOf } from '@signet/db';
import type { Transitioned } from '@signet/service';
import { inListOrder } from '../components';
import type { DocumentRow, EnvelopeAggregate, EnvelopeRow, FieldAttachmentRow, FieldValueRow, PlacementRow, RecipientRow, RecipientStatus } from '../model';

type Db = Knex | Knex.Transaction;

/** Changes to an envelope row: its status only as a transition of ENVELOPE_MACHINE gives it. */
export type EnvelopeChanges = Partial<Omit<EnvelopeRow, 'status'>> & { status?: Transitioned<EnvelopeStatus> };

/** Changes to a recipient row: its status only as a transition of RECIPIENT_MACHINE gives it. */
export type RecipientChanges = Partial<Omit<RecipientRow, 'status'>> & { status?: Transitioned<RecipientStatus> };

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
  return { ...row, top: number(row.top), left: number(row.left), width: number(row.width ?? null), height: number(row.height ?? null) };
}

/** JSON carries timestamps as text: every `*_at` column becomes a Date again, as pg gives it for a plain row. */
function datesRevived<T>(row: Record<string, unknown>): T {
  const copy = { ...row };
  for (const [column, value] of Object.entries(copy)) {
    if (column.endsWith('_at') && typeof value === 'string') copy[column] = new Date(value);
  }
  return copy as T;
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

/**
 * The columns the rows set, in the order first seen; a column left undefined in every row is left to
 * its default, one left out of some rows only is NULL in those.
 */
function definedColumns(rows: readonly object[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const [column, value] of Object.entries(row)) if (value !== undefined) columns.add(column);
  return [...columns];
}

const columnList = (columns: string[]) => columns.map((column) => `"${column}"`).join(', ');

/** Rows of one table, sent as a JSON array (a ? binding) and typed by the table's own row type. */
function insertFromJson(table: string, rows: readonly object[]): string {
  const columns = columnList(definedColumns(rows));
  return `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, ?::json)`;
}

/** What refreshSearch computes, from an aggregate in list order (name, file names, recipients' names and emails). */
function searchTextOf(aggregate: EnvelopeAggregate): string {
  const parts = [aggregate.envelope.name];
  if (aggregate.documents.length > 0) parts.push(aggregate.documents.map((document) => document.file_name).join(' '));
  if (aggregate.recipients.length > 0) parts.push(aggregate.recipients.map((recipient) => `${recipient.name} ${recipient.email}`).join(' '));
  return parts.join(' ');
}

/**
 * An envelope with its components in one round trip, each as JSON: the envelope's row and its components'
 * rows. Every column is JSON, so the statement's result type stays the same when a migration adds a
 * column, and it can be a prepared statement (planning it took twice as long as running it) that a
 * connection keeps across such a migration.
 */
const LOAD_ENVELOPE = `
  SELECT row_to_json(envelopes) AS _envelope,
    (SELECT coalesce(json_agg(documents), '[]') FROM documents WHERE documents.envelope_id = envelopes.id) AS _documents,
    (SELECT coalesce(json_agg(recipients), '[]') FROM recipients WHERE recipients.envelope_id = envelopes.id) AS _recipients,
    (SELECT coalesce(json_agg(placements), '[]') FROM placements WHERE placements.envelope_id = envelopes.id) AS _placements,
    (SELECT coalesce(json_agg(field_values), '[]') FROM field_values WHERE field_values.envelope_id = envelopes.id) AS _field_values,
    (SELECT coalesce(json_agg(field_attachments), '[]') FROM field_attachments WHERE field_attachments.envelope_id = envelopes.id) AS _field_attachments
  FROM envelopes WHERE envelopes.id = ? AND envelopes.tenant_id = ?`;

export function envelopeStore() {
  return {
    /** The envelope of this tenant with its components, or null (another tenant's id is simply not found). */
    async load(db: Db, tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<EnvelopeAggregate | null> {
      // The lock comes first, in its own statement: a statement that waited for a lock still reads with the
      // snapshot it started with, so components read in the locking statement could be the old ones.
      if (options.forUpdate && !(await db('envelopes').select('id').where({ id, tenant_id: tenantId }).forUpdate().first())) return null;
      const result = await prepared('envelope_load', db.raw(LOAD_ENVELOPE, [id, tenantId]));
      const row = result.rows[0] as Record<'_envelope' | '_documents' | '_recipients' | '_placements' | '_field_values' | '_field_attachments', Array<Record<string, unknown>>> & { _envelope: Record<string, unknown> } | undefined;
      if (!row) return null;
      const { _envelope: stored, _documents: documents, _recipients: recipients, _placements: placements, _field_values: values, _field_attachments: attachments } = row;
      const envelope = datesRevived<EnvelopeRow>(stored);
      return {
        envelope,
        documents: inListOrder(documents.map((item) => documentFromDb(datesRevived<DocumentRow>(item)))),
        recipients: inListOrder(recipients.map((item) => datesRevived<RecipientRow>(item))),
        placements: inListOrder(placements.map((item) => placementFromDb(datesRevived<PlacementRow>(item)))),
        fieldValues: values.map((item) => datesRevived<FieldValueRow>(item)),
        attachments: attachments.map((item) => ({ ...datesRevived<FieldAttachmentRow>(item), file_size: Number(item.file_size) }))
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

    /**
     * A new envelope with its components, its search columns and its creation event, in one statement
     * (one round trip): the other inserts ride along as CTEs, and foreign keys are checked at its end.
     * Each table's rows travel as one JSON value, so the text depends on the columns written, not on how
     * many documents, recipients and placements there are, and runs as a prepared statement.
     */
    async insert(db: Db, aggregate: EnvelopeAggregate, event: NewOutboxRow): Promise<void> {
      const components = [
        { cte: 'new_documents', table: 'documents', rows: aggregate.documents },
        { cte: 'new_recipients', table: 'recipients', rows: aggregate.recipients },
        { cte: 'new_placements', table: 'placements', rows: aggregate.placements }
      ].filter(({ rows }) => rows.length > 0);
      const envelopeColumns = columnList(definedColumns([aggregate.envelope]));
      const text = `WITH new_event AS (INSERT INTO outbox (event_id, topic, key, payload, headers) VALUES (?, ?, ?, ?, ?)),
        ${components.map(({ cte, table, rows }) => `${cte} AS (${insertFromJson(table, rows)})`).join(',\n')}${components.length > 0 ? ',' : ''}
        new_envelope AS (SELECT * FROM json_populate_record(NULL::envelopes, ?::json))
        INSERT INTO envelopes (${envelopeColumns}, search_text, recipient_emails)
        SELECT ${envelopeColumns}, lower(?), ARRAY(SELECT DISTINCT lower(email) FROM unnest(?::text[]) AS email ORDER BY 1) FROM new_envelope`;
      const emails = aggregate.recipients.map((recipient) => recipient.email);
      await prepared(preparedNameOf('envelope_insert', text), db.raw(text, [
        event.event_id, event.topic, event.key, event.payload, event.headers,
        ...components.map(({ rows }) => JSON.stringify(rows)),
        JSON.stringify(aggregate.envelope), searchTextOf(aggregate), emails
      ]));
    },

    /** A status only as ENVELOPE_MACHINE gives it (src/state). */
    async updateEnvelope(trx: Knex.Transaction, id: string, changes: EnvelopeChanges): Promise<void> {
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

    /** A status only as RECIPIENT_MACHINE gives it (src/state). */
    async updateRecipient(trx: Knex.Transaction, id: string, changes: RecipientChanges): Promise<void> {
      await trx('recipients').where({ id }).update(changes);
    }
  };
}

export type EnvelopeStore = ReturnType<typeof envelopeStore>;
