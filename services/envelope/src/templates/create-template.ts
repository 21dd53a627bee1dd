import { v7 as uuidv7 } from 'uuid';
import type { TemplateFromEnvelopeRequest, TemplateRequest } from '@signet/contracts';
import { notFound, type RequestContext } from '@signet/http';
import { mergeMetadata } from '../metadata';
import type { EnvelopeAggregate } from '../model';
import { checkTemplate, placementsOf, recipientsOf } from './check-template';
import { copyEnvelopeDocuments, storeTemplateDocuments, type TemplateDocumentsWithBytes } from './template-documents';
import type { TemplateDeps } from './template-deps';
import { writeTemplateEvent } from './template-events';
import type { TemplateAggregate, TemplatePlacement, TemplateRecipient } from './template-model';

export type CreateTemplateInput =
  | { context: RequestContext; definition: TemplateRequest }
  | { context: RequestContext; fromEnvelope: TemplateFromEnvelopeRequest };

interface Definition {
  name?: string;
  recipients: TemplateRecipient[];
  placements: TemplatePlacement[];
  settings: TemplateRequest['settings'];
  metadata: Record<string, string>;
}

/** What an envelope saved as a template keeps: its recipients by key, placements, settings it overrides and metadata. */
function definitionOfEnvelope(aggregate: EnvelopeAggregate, name: string | undefined): Definition {
  const optional = <T>(value: T | null | undefined) => (value === null || value === undefined ? {} : value);
  return {
    name: name ?? aggregate.envelope.name,
    recipients: aggregate.recipients.map((recipient) => ({
      key: recipient.custom_key, email: recipient.email, name: recipient.name, order: String(recipient.order),
      ...(recipient.phone ? { phone: recipient.phone } : {}), ...(recipient.tax_id ? { tax_id: recipient.tax_id } : {}),
      ...(recipient.tax_label ? { tax_label: recipient.tax_label } : {}), ...(recipient.rep_id ? { rep_id: recipient.rep_id } : {}),
      ...(recipient.rep_label ? { rep_label: recipient.rep_label } : {}), ...(recipient.language ? { language: recipient.language } : {}),
      ...(recipient.validations ? { validations: recipient.validations } : {})
    }) as TemplateRecipient),
    placements: aggregate.placements.map((placement) => ({
      key: placement.custom_key, document_key: placement.document_key, recipient_key: placement.recipient_key, type: placement.placement_type,
      order: String(placement.order),
      ...(placement.page !== null ? { coordinates: { top: String(placement.top), left: String(placement.left), page: String(placement.page) } } : {}),
      ...(placement.token !== null ? { token: placement.token } : {})
    })),
    settings: optional(aggregate.envelope.settings_overrides),
    metadata: aggregate.envelope.metadata
  };
}

/**
 * POST /api/v1/templates: a definition (the envelope create form) or an envelope of the tenant saved as a
 * template. Its documents are stored under the template, checked as an envelope's would be, and the
 * template and template.created commit together.
 */
export async function createTemplate(deps: TemplateDeps, input: CreateTemplateInput): Promise<TemplateAggregate> {
  const { context } = input;
  const id = uuidv7();
  const now = deps.clock();
  let definition: Definition;
  let documents: TemplateDocumentsWithBytes;
  if ('fromEnvelope' in input) {
    const envelope = await deps.store.load(deps.db, context.tenantId, input.fromEnvelope.from_envelope_id);
    if (!envelope) throw notFound('Envelope');
    definition = definitionOfEnvelope(envelope, input.fromEnvelope.name);
    documents = await copyEnvelopeDocuments(deps, context.tenantId, id, envelope.documents);
  } else {
    const request = input.definition;
    definition = {
      name: request.name, recipients: recipientsOf(request.recipients ?? {}), placements: placementsOf(request.placements ?? {}),
      settings: request.settings ?? {}, metadata: mergeMetadata({}, request.metadata)
    };
    documents = await storeTemplateDocuments(deps, context.tenantId, id, request.documents ?? {}, now);
  }
  try {
    const settings = await deps.settings.effective(context, definition.settings);
    await checkTemplate({ ...definition, documents: documents.rows, bytes: documents.bytes, settings }, now);
    const aggregate: TemplateAggregate = {
      template: {
        id, tenant_id: context.tenantId, api_key_id: context.apiKeyId,
        name: definition.name ?? documents.rows[0]?.file_name ?? 'Untitled template',
        recipients: definition.recipients, placements: definition.placements, settings: definition.settings ?? {}, metadata: definition.metadata,
        created_at: now, updated_at: now
      },
      documents: documents.rows
    };
    await deps.db.transaction(async (trx) => {
      await deps.templates.insert(trx, aggregate);
      await writeTemplateEvent(trx, 'template.created', aggregate, deps.links, context, now);
    });
    deps.relay.wake();
    return aggregate;
  } catch (error) {
    await Promise.all(documents.rows.map((document) => deps.blobs.delete(document.blob_key)));
    throw error;
  }
}
