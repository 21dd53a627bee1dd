import { TemplateListQuery } from '@signet/contracts';
import { notFound, parseWith, type RequestContext } from '@signet/http';
import { decodeCursor, encodeCursor } from '../listing/envelope-cursor';
import { iso } from '../present/iso';
import type { TemplateDeps } from './template-deps';
import type { TemplateAggregate } from './template-model';

const DEFAULT_LIMIT = 20;

/** GET /api/v1/templates/:id. */
export async function getTemplate(deps: TemplateDeps, { context, templateId }: { context: RequestContext; templateId: string }): Promise<TemplateAggregate> {
  const template = await deps.templates.load(deps.db, context.tenantId, templateId);
  if (!template) throw notFound('Template');
  return template;
}

/** GET /api/v1/templates: newest first (or `order=asc`), `q` in the name or document names, paged like the envelope list. */
export async function listTemplates(deps: TemplateDeps, { context, query }: { context: RequestContext; query: Record<string, unknown> }) {
  const input = parseWith(TemplateListQuery, query);
  const order = input.order ?? 'desc';
  const limit = input.limit === undefined ? DEFAULT_LIMIT : Number(input.limit);
  const rows = await deps.templates.list(deps.db, context.tenantId, {
    text: input.q?.toLowerCase(), limit, order, cursor: input.cursor === undefined ? null : decodeCursor(input.cursor, order)
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    templates: page.map((row) => ({ id: row.id, name: row.name, metadata: row.metadata, created_at: iso(row.created_at), updated_at: iso(row.updated_at) })),
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id, order }) : null
  };
}
