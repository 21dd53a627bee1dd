import type { Knex } from 'knex';
import type { EnvelopeRow, RecipientRow } from '../model';
import type { EnvelopeFilters, TimeRange } from './read-list-query';

export type ListedEnvelope = Pick<EnvelopeRow, 'id' | 'name' | 'status' | 'metadata' | 'created_at' | 'updated_at' | 'sent_at' | 'completed_at' | 'voided_at'> & {
  /** created_at as PostgreSQL prints it, microseconds and offset included: the cursor's position. */
  cursor_at: string;
};

const COLUMNS = ['id', 'name', 'status', 'metadata', 'created_at', 'updated_at', 'sent_at', 'completed_at', 'voided_at'];

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function inRange(query: Knex.QueryBuilder, column: string, range: TimeRange): void {
  if (range.after) query.where(column, '>=', range.after);
  if (range.before) query.where(column, '<', range.before);
}

/**
 * One page of a tenant's envelopes, in the database: every filter is a WHERE clause an index serves, and
 * paging is keyset on (created_at, id) from the cursor, never an offset, so a page costs the same at any
 * depth and envelopes created meanwhile never shift the pages after the first.
 */
export function envelopeSearchQuery(db: Knex, tenantId: string, filters: EnvelopeFilters, take: number): Knex.QueryBuilder {
  const direction = filters.order === 'asc' ? 'asc' : 'desc';
  const query = db('envelopes').select(...COLUMNS, db.raw('created_at::text AS cursor_at')).where('tenant_id', tenantId);
  if (filters.statuses.length > 0) query.whereIn('status', filters.statuses);
  inRange(query, 'created_at', filters.created);
  inRange(query, 'sent_at', filters.sent);
  inRange(query, 'completed_at', filters.completed);
  if (filters.recipientEmail) query.whereRaw('recipient_emails @> ARRAY[?]::text[]', [filters.recipientEmail]);
  if (filters.text) query.whereRaw("search_text LIKE ? ESCAPE '\\'", [`%${escapeLike(filters.text)}%`]);
  if (Object.keys(filters.metadata).length > 0) query.whereRaw('metadata @> ?::jsonb', [JSON.stringify(filters.metadata)]);
  if (filters.cursor) {
    query.whereRaw(`(created_at, id) ${direction === 'asc' ? '>' : '<'} (?::timestamptz, ?)`, [filters.cursor.createdAt, filters.cursor.id]);
  }
  return query.orderBy([{ column: 'created_at', order: direction }, { column: 'id', order: direction }]).limit(take);
}

export async function searchEnvelopes(db: Knex, tenantId: string, filters: EnvelopeFilters, take: number): Promise<ListedEnvelope[]> {
  return envelopeSearchQuery(db, tenantId, filters, take);
}

/** The signers of a page of envelopes, in one query. */
export async function signersOf(db: Knex, envelopeIds: string[]): Promise<RecipientRow[]> {
  if (envelopeIds.length === 0) return [];
  return db('recipients').whereIn('envelope_id', envelopeIds);
}
