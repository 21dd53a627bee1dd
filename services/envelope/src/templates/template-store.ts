import type { Knex } from 'knex';
import type { EnvelopeCursor, ListOrder } from '../listing/envelope-cursor';
import type { TemplateAggregate, TemplateDocumentRow, TemplateRow } from './template-model';

type Db = Knex | Knex.Transaction;

const TEMPLATE_JSON = ['recipients', 'placements', 'settings', 'metadata'] as const;

function withJson<T extends object>(row: T, columns: readonly string[]): Record<string, unknown> {
  const copy = { ...row } as Record<string, unknown>;
  for (const column of columns) if (column in copy) copy[column] = JSON.stringify(copy[column]);
  return copy;
}

function searchTextOf(aggregate: TemplateAggregate): string {
  return [aggregate.template.name, ...aggregate.documents.map((document) => document.file_name)].join(' ').toLowerCase();
}

const documentRows = (documents: TemplateDocumentRow[]) => documents.map((document) => withJson(document, ['page_sizes', 'form_fields']));

export interface TemplateFilters {
  text?: string;
  limit: number;
  order: ListOrder;
  cursor: EnvelopeCursor | null;
}

export type ListedTemplate = Pick<TemplateRow, 'id' | 'name' | 'metadata' | 'created_at' | 'updated_at'> & { cursor_at: string };

/** Templates and their documents; every read is by tenant, so another tenant's id is simply not found. */
export function templateStore() {
  return {
    async insert(trx: Knex.Transaction, aggregate: TemplateAggregate): Promise<void> {
      await trx('templates').insert({ ...withJson(aggregate.template, TEMPLATE_JSON), search_text: searchTextOf(aggregate) });
      if (aggregate.documents.length > 0) await trx('template_documents').insert(documentRows(aggregate.documents));
    },

    /**
     * The template with its documents, or null. `lock`: `update` for a change; `share` while an envelope
     * made from it is written, so a change or delete waits and then sees that envelope's references.
     */
    async load(db: Db, tenantId: string, id: string, lock?: 'update' | 'share'): Promise<TemplateAggregate | null> {
      const query = db('templates').where({ id, tenant_id: tenantId }).first();
      if (lock === 'update') query.forUpdate();
      if (lock === 'share') query.forShare();
      const row = await query;
      if (!row) return null;
      const { search_text: _search, ...template } = row;
      const documents: TemplateDocumentRow[] = await db('template_documents').where({ template_id: id }).orderBy([{ column: 'order' }, { column: 'custom_key' }]);
      return { template: template as TemplateRow, documents: documents.map((document) => ({ ...document, file_size: Number(document.file_size) })) };
    },

    /** Replaces the template row's columns and, when given, all its documents. */
    async replace(trx: Knex.Transaction, aggregate: TemplateAggregate, documentsReplaced: boolean): Promise<void> {
      const { id, tenant_id: _tenant, created_at: _created, ...changes } = aggregate.template;
      await trx('templates').where({ id }).update({ ...withJson(changes, TEMPLATE_JSON), search_text: searchTextOf(aggregate) });
      if (!documentsReplaced) return;
      await trx('template_documents').where({ template_id: id }).delete();
      if (aggregate.documents.length > 0) await trx('template_documents').insert(documentRows(aggregate.documents));
    },

    async remove(trx: Knex.Transaction, id: string): Promise<void> {
      await trx('templates').where({ id }).delete();
    },

    /** One page, keyset-paged on (created_at, id) like the envelope list. */
    async list(db: Db, tenantId: string, filters: TemplateFilters): Promise<ListedTemplate[]> {
      const direction = filters.order;
      const query = db('templates')
        .select('id', 'name', 'metadata', 'created_at', 'updated_at', db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`))
        .where('tenant_id', tenantId);
      if (filters.text) query.whereRaw('strpos(search_text, ?) > 0', [filters.text]);
      if (filters.cursor) {
        query.whereRaw(`(created_at, id) ${direction === 'asc' ? '>' : '<'} (?::timestamptz, ?)`, [filters.cursor.createdAt, filters.cursor.id]);
      }
      return query.orderBy([{ column: 'created_at', order: direction }, { column: 'id', order: direction }]).limit(filters.limit + 1);
    }
  };
}

export type TemplateStore = ReturnType<typeof templateStore>;
