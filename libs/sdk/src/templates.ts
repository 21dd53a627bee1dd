import { unwrap } from './errors';
import type { operations } from './generated/openapi';
import type { MethodContext } from './methods';

type JsonBody<O extends keyof operations> = operations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type TemplateCreateRequest = JsonBody<'createTemplate'>;
export type TemplateUpdateRequest = JsonBody<'updateTemplate'>;
export type TemplateUseRequest = JsonBody<'useTemplate'>;
export type TemplateListQuery = NonNullable<operations['listTemplates']['parameters']['query']>;

/**
 * `client.templates`: define an envelope once (or save one you sent), then make envelopes from it.
 * Bodies go as JSON; every value a string, as in the form (`send: 'true'`, `order: '1'`).
 */
export function templateMethods({ api }: MethodContext) {
  return {
    templates: {
      /** A template from a definition (`{name, documents, recipients, placements, settings, metadata}`) or `{from_envelope_id}`. */
      async create(template: TemplateCreateRequest) {
        return unwrap(await api.POST('/api/v1/templates', { body: template })).template;
      },
      /** An envelope from the template: `{recipients: {buyer: {email, name}}, fields: {company: 'Acme'}, send: 'true'}`. */
      async use(templateId: string, use: TemplateUseRequest = {}, options: { idempotencyKey?: string } = {}) {
        return unwrap(await api.POST('/api/v1/templates/{id}/envelopes', {
          params: { path: { id: templateId } }, body: use, ...(options.idempotencyKey ? { headers: { 'Idempotency-Key': options.idempotencyKey } } : {})
        })).envelope;
      },
      /** One page of templates: pass `next_cursor` back as `cursor` for the next. */
      async list(query: TemplateListQuery = {}) {
        return unwrap(await api.GET('/api/v1/templates', { params: { query } }));
      },
      async get(id: string) {
        return unwrap(await api.GET('/api/v1/templates/{id}', { params: { path: { id } } })).template;
      },
      /** Replaces what you send (documents, recipients, placements); settings and metadata merge. Envelopes made before do not change. */
      async update(id: string, changes: TemplateUpdateRequest) {
        return unwrap(await api.PUT('/api/v1/templates/{id}', { params: { path: { id } }, body: changes })).template;
      },
      async delete(id: string): Promise<void> {
        unwrap(await api.DELETE('/api/v1/templates/{id}', { params: { path: { id } } }));
      }
    }
  };
}
