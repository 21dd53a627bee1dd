import type { Knex } from 'knex';
import type { EnvelopeRow, RecipientRow } from '../model';
import type { EnvelopeFilters, TimeRange } from './read-list-query';

export type ListedEnvelope = Pick<EnvelopeRow, 'id' | 'name' | 'status' | 'metadata' | 'template_id' | 'created_at' | 'updated_at' | 'sent_at' | 'completed_at' | 'voided_at'> & {
  /** created_at in ISO 8601 (UTC, to the microsecond): the cursor's position. */
  cursor_at: string;
};

const COLUMNS = ['id', 'name', 'status', 'metadata', 'template_id', 'created_at', 'updated_at', 'sent_at', 'completed_at', 'voided_at'];

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function inRange(query: Knex.QueryBuilder, column: string, range: TimeRange): void {
  if (range.after) query.where(column, '>=', range.after);
  if (range.before) query.where(column, '<', range.before);
}

/** The words of a text search the trigram index can look up: three letters or digits or more. */
function searchWords(text: string): string[] {
  return [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3))];
}

/**
 * The part of `q` the trigram index looks up. A text like `contract-1428.pdf` has trigrams in every
 * envelope (`contract`, `.pdf`), and a GIN scan reads each trigram's whole posting list, so the index
 * looks up only the word PostgreSQL's statistics expect in the fewest envelopes (one planning estimate
 * per word, no rows read); the whole text is then matched in the rows it finds.
 */
export async function rarestWord(db: Knex, text: string): Promise<string> {
  const words = searchWords(text);
  if (words.length < 2) return text;
  let rarest = text;
  let fewest = Number.POSITIVE_INFINITY;
  for (const word of words) {
    const plan = await db.raw(`EXPLAIN (FORMAT JSON) SELECT 1 FROM envelopes WHERE search_text LIKE ? ESCAPE '\\'`, [`%${escapeLike(word)}%`]);
    const rows = Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
    if (rows < fewest) {
      fewest = rows;
      rarest = word;
    }
  }
  return rarest;
}

/**
 * One page of a tenant's envelopes, in the database: every filter is a WHERE clause an index serves, and
 * paging is keyset on (created_at, id) from the cursor, never an offset, so a page costs the same at any
 * depth and envelopes created meanwhile never shift the pages after the first.
 */
export function envelopeSearchQuery(db: Knex, tenantId: string, filters: EnvelopeFilters, take: number, indexedText = filters.text): Knex.QueryBuilder {
  const direction = filters.order === 'asc' ? 'asc' : 'desc';
  const query = db('envelopes').select(...COLUMNS, db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`)).where('tenant_id', tenantId);
  if (filters.statuses.length > 0) query.whereIn('status', filters.statuses);
  inRange(query, 'created_at', filters.created);
  inRange(query, 'sent_at', filters.sent);
  inRange(query, 'completed_at', filters.completed);
  if (filters.templateId) query.where('template_id', filters.templateId);
  if (filters.recipientEmail) query.whereRaw('recipient_emails @> ARRAY[?]::text[]', [filters.recipientEmail]);
  if (filters.text) {
    query.whereRaw("search_text LIKE ? ESCAPE '\\'", [`%${escapeLike(indexedText ?? filters.text)}%`]);
    if (indexedText !== filters.text) query.whereRaw('strpos(search_text, ?) > 0', [filters.text]);
  }
  if (Object.keys(filters.metadata).length > 0) query.whereRaw('metadata @> ?::jsonb', [JSON.stringify(filters.metadata)]);
  if (filters.cursor) {
    query.whereRaw(`(created_at, id) ${direction === 'asc' ? '>' : '<'} (?::timestamptz, ?)`, [filters.cursor.createdAt, filters.cursor.id]);
  }
  return query.orderBy([{ column: 'created_at', order: direction }, { column: 'id', order: direction }]).limit(take);
}

export async function searchEnvelopes(db: Knex, tenantId: string, filters: EnvelopeFilters, take: number): Promise<ListedEnvelope[]> {
  const indexedText = filters.text ? await rarestWord(db, filters.text) : undefined;
  return envelopeSearchQuery(db, tenantId, filters, take, indexedText);
}

/** The signers of a page of envelopes, in one query. */
export async function signersOf(db: Knex, envelopeIds: string[]): Promise<RecipientRow[]> {
  if (envelopeIds.length === 0) return [];
  return db('recipients').whereIn('envelope_id', envelopeIds);
}
