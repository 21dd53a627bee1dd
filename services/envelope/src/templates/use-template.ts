import { EnvelopeCreateRequest, type FieldError, type RecipientInput, type TemplateUseRequest } from '@signet/contracts';
import { AppError, notFound, validationError, type RequestContext } from '@signet/http';
import type { Knex } from 'knex';
import { createRequestKeyOf } from '../create-requests';
import { createEnvelopeOnce, type EnvelopeSource } from '../create-envelope';
import { documentBlobKey } from '../documents/document-blob-key';
import { readBlob } from '../documents/read-blob';
import { storeInlineDocuments, type StoredDocument } from '../documents/store-inline-documents';
import { checkEnvelopeInput } from '../form/read-envelope-form';
import { mergeMetadata } from '../metadata';
import type { EnvelopeAggregate } from '../model';
import { sendEnvelope } from '../send-envelope';
import { mergeOverrides } from '../settings-client';
import { asDocumentRow } from './check-template';
import { prefill } from './prefill-fields';
import { fillFormFields } from './pdf-form';
import type { TemplateDeps } from './template-deps';
import type { TemplateAggregate, TemplateDocumentRow } from './template-model';
import { v7 as uuidv7 } from 'uuid';

export interface UseTemplateInput {
  context: RequestContext;
  templateId: string;
  input: TemplateUseRequest;
  /** The request's Idempotency-Key header, if any. */
  idempotencyKey?: string;
}

const isTrue = (flag: boolean | string | undefined) => flag === true || flag === 'true';

/**
 * Each template recipient filled by key: what the use gives replaces the template's field by field. A
 * key the template does not have, and a placeholder left without an email or a name, are 422s naming it.
 */
function fillRecipients(template: TemplateAggregate, given: Record<string, Partial<RecipientInput>>): Record<string, RecipientInput> {
  const details = [];
  const keys = new Set(template.template.recipients.map((recipient) => recipient.key));
  for (const key of Object.keys(given)) if (!keys.has(key)) details.push({ field: `recipients.${key}`, message: `the template has no recipient "${key}"` });
  const filled: Record<string, RecipientInput> = {};
  for (const { key, ...placeholder } of template.template.recipients) {
    const recipient = { ...placeholder, ...given[key] };
    const missing = (['email', 'name'] as const).filter((field) => recipient[field] === undefined);
    if (missing.length > 0) details.push({ field: `recipients.${key}`, message: `the template's recipient "${key}" needs ${missing.join(' and ')}` });
    filled[key] = recipient as RecipientInput;
  }
  if (details.length > 0) throw validationError(details);
  return filled;
}

function checkReplacements(template: TemplateAggregate, documents: TemplateUseRequest['documents']): void {
  const keys = new Set(template.documents.map((document) => document.custom_key));
  const unknown = Object.keys(documents ?? {}).filter((key) => !keys.has(key));
  if (unknown.length > 0) throw validationError(unknown.map((key) => ({ field: `documents.${key}`, message: `the template has no document "${key}"` })));
}

/** Shared, replaced or filled: the envelope's documents, in the template's order. */
function templateSource(
  deps: TemplateDeps, context: RequestContext, template: TemplateAggregate, input: TemplateUseRequest, formValues: Map<string, Record<string, string>>
): EnvelopeSource {
  const replacements = input.documents ?? {};
  const changed = (document: TemplateDocumentRow) => replacements[document.custom_key] !== undefined || formValues.has(document.custom_key);
  return {
    templateId: template.template.id,
    checkedDocuments: new Set(template.documents.filter((document) => !changed(document)).map((document) => document.custom_key)),
    async documents(envelopeId, now) {
      const replaced = await storeInlineDocuments(deps.blobs, context.tenantId, envelopeId, Object.fromEntries(template.documents.flatMap((document) => {
        const replacement = replacements[document.custom_key];
        return replacement ? [[document.custom_key, { base64: replacement.base64, name: replacement.name ?? document.file_name, type: document.file_type, order: String(document.order) }]] : [];
      })), now);
      const stored: StoredDocument[] = [];
      for (const document of template.documents) {
        const replacement = replaced.find((candidate) => candidate.row.custom_key === document.custom_key);
        const values = formValues.get(document.custom_key);
        const row = replacement?.row ?? asDocumentRow({ ...document, id: uuidv7() }, envelopeId, now);
        if (values === undefined) {
          stored.push(replacement ?? { row, bytes: Buffer.alloc(0) });
          continue;
        }
        const filled = await fillFormFields(replacement?.bytes ?? (await readBlob(deps.blobs, document.blob_key)), values);
        const blobKey = documentBlobKey(context.tenantId, envelopeId, row.id);
        const { size, sha256 } = await deps.blobs.put(blobKey, filled, { contentType: 'application/pdf' });
        if (replacement) await deps.blobs.delete(replacement.row.blob_key);
        stored.push({ row: { ...row, blob_key: blobKey, sha256, file_size: size }, bytes: filled });
      }
      return stored;
    },
    async guard(trx: Knex.Transaction) {
      const row = await trx('templates').where({ id: template.template.id, tenant_id: context.tenantId }).forShare().first('updated_at');
      if (!row) throw notFound('Template');
      if (new Date(row.updated_at).getTime() !== template.template.updated_at.getTime()) {
        throw new AppError('CONFLICT', 'The template changed while the envelope was being made from it; retry');
      }
    }
  };
}

/** Runs each check, and refuses with the problems of all of them (422). */
function allProblemsAtOnce<R, F>(first: () => void, recipients: () => R, fields: () => F): [R, F] {
  const details: FieldError[] = [];
  const run = <T>(check: () => T): T | undefined => {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
      details.push(...(error.details ?? []));
      return undefined;
    }
  };
  run(first);
  const results = [run(recipients), run(fields)] as const;
  if (details.length > 0) throw validationError(details);
  return results as [R, F];
}

/**
 * POST /api/v1/templates/:id/envelopes (and each create_from_template batch item): an envelope as the
 * template defines it, filled and overridden by the use, checked and stored as any envelope (ERROR if a
 * replaced document no longer has a placement's page), carrying `template_id`; `send` sends it at once.
 */
export async function createFromTemplate(deps: TemplateDeps, { context, templateId, input, idempotencyKey }: UseTemplateInput): Promise<EnvelopeAggregate> {
  const template = await deps.templates.load(deps.db, context.tenantId, templateId);
  if (!template) throw notFound('Template');
  const [recipients, filled] = allProblemsAtOnce(
    () => checkReplacements(template, input.documents),
    () => fillRecipients(template, input.recipients ?? {}),
    () => prefill(template, input.fields)
  );
  const { placements, formValues } = filled;
  const definition = checkEnvelopeInput(EnvelopeCreateRequest, {
    name: input.name ?? template.template.name,
    recipients,
    placements,
    settings: mergeOverrides(template.template.settings, input.settings ?? {}),
    metadata: mergeMetadata(template.template.metadata, input.metadata)
  });
  const requestKey = createRequestKeyOf(idempotencyKey, { template_id: templateId, ...input });
  const created = await createEnvelopeOnce(deps, context, definition, requestKey, templateSource(deps, context, template, input, formValues));
  if (!isTrue(input.send) || created.envelope.status !== 'CREATED') return created;
  await sendEnvelope(deps, { context, envelopeId: created.envelope.id });
  return (await deps.store.load(deps.db, context.tenantId, created.envelope.id)) ?? created;
}
