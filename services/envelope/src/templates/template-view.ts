import type { TemplatePayload } from '@signet/contracts';
import type { DocumentLinks } from '../present/document-links';
import { iso } from '../present/iso';
import type { TemplateAggregate } from './template-model';

/** A template as GET shows it, and as its events carry it: each document with a temporary download link. */
export async function templateView({ template, documents }: TemplateAggregate, links: DocumentLinks): Promise<TemplatePayload> {
  const link = links.template;
  if (!link) throw new Error('template document links are not configured');
  return {
    id: template.id,
    name: template.name,
    recipients: template.recipients,
    documents: await Promise.all(documents.map(async (document) => ({
      id: document.id,
      custom_key: document.custom_key,
      file_name: document.file_name,
      type: document.file_type,
      order: document.order,
      file_size: document.file_size,
      page_count: document.page_count,
      sha256: document.sha256,
      form_fields: document.form_fields,
      url: await link(document)
    }))),
    placements: template.placements,
    settings: template.settings as Record<string, unknown>,
    metadata: template.metadata,
    created_at: iso(template.created_at) as string,
    updated_at: iso(template.updated_at) as string
  };
}
