import type { TemplatePayload } from '@signet/contracts';
import { iso } from '../present/iso';
import type { TemplateAggregate } from './template-model';

/** A template as GET shows it, and as its events carry it. */
export function templateView({ template, documents }: TemplateAggregate): TemplatePayload {
  return {
    id: template.id,
    name: template.name,
    recipients: template.recipients,
    documents: documents.map((document) => ({
      id: document.id,
      custom_key: document.custom_key,
      file_name: document.file_name,
      type: document.file_type,
      order: document.order,
      file_size: document.file_size,
      page_count: document.page_count,
      sha256: document.sha256,
      form_fields: document.form_fields
    })),
    placements: template.placements,
    settings: template.settings as Record<string, unknown>,
    metadata: template.metadata,
    created_at: iso(template.created_at) as string,
    updated_at: iso(template.updated_at) as string
  };
}
