import type { PlacementInput, SettingsInput, TemplateRecipientInput } from '@signet/contracts';
import type { PageSize } from '../model';

/** A recipient placeholder: its key, and what the template gives it (any field may be left to each use). */
export type TemplateRecipient = TemplateRecipientInput & { key: string };

/** A placement as the template was given it, with its key. */
export type TemplatePlacement = PlacementInput & { key: string };

export interface TemplateRow {
  id: string;
  tenant_id: string;
  api_key_id: string;
  name: string;
  recipients: TemplateRecipient[];
  placements: TemplatePlacement[];
  /** The settings the template overrides, as given; each use may override them again. */
  settings: SettingsInput;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

/**
 * A template's document. Its blob is immutable: envelopes made from the template refer to it while it is
 * unchanged, and it is deleted once neither a template nor an envelope refers to it.
 */
export interface TemplateDocumentRow {
  id: string;
  template_id: string;
  custom_key: string;
  file_name: string;
  file_type: 'SIGNABLE' | 'ATTACHMENT';
  order: number;
  blob_key: string;
  sha256: string;
  file_size: number;
  page_count: number;
  page_sizes: PageSize[];
  /** Names of the PDF's own form fields (AcroForm). */
  form_fields: string[];
  created_at: Date;
}

export interface TemplateAggregate {
  template: TemplateRow;
  documents: TemplateDocumentRow[];
}

export function templateBlobKey(tenantId: string, templateId: string, documentId: string): string {
  return `tenants/${tenantId}/templates/${templateId}/documents/${documentId}.pdf`;
}
