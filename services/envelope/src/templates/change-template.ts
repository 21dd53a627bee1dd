import type { TemplateRequest } from '@signet/contracts';
import { notFound, type RequestContext } from '@signet/http';
import { readBlob } from '../documents/read-blob';
import { releaseBlobs } from '../documents/release-blobs';
import { mergeMetadata } from '../metadata';
import { mergeOverrides } from '../settings-client';
import { checkTemplate, placementsOf, recipientsOf } from './check-template';
import { storeTemplateDocuments, type TemplateDocumentsWithBytes } from './template-documents';
import type { TemplateDeps } from './template-deps';
import { writeTemplateEvent } from './template-events';
import type { TemplateAggregate } from './template-model';

export interface UpdateTemplateInput {
  context: RequestContext;
  templateId: string;
  input: TemplateRequest;
}

/**
 * PUT /api/v1/templates/:id, as the envelope update: each component sent replaces all of its kind, those
 * not sent stay; settings merge over the template's overrides, metadata keys over its metadata. Envelopes
 * made from the template keep what they were made with (a replaced document's blob stays while they use it).
 */
export async function updateTemplate(deps: TemplateDeps, { context, templateId, input }: UpdateTemplateInput): Promise<TemplateAggregate> {
  const current = await deps.templates.load(deps.db, context.tenantId, templateId);
  if (!current) throw notFound('Template');
  const now = deps.clock();
  const stored: TemplateDocumentsWithBytes | null = input.documents ? await storeTemplateDocuments(deps, context.tenantId, templateId, input.documents, now) : null;
  let released: string[] = [];
  try {
    const updated = await deps.db.transaction(async (trx) => {
      const locked = await deps.templates.load(trx, context.tenantId, templateId, 'update');
      if (!locked) throw notFound('Template');
      const overrides = input.settings ? mergeOverrides(locked.template.settings, input.settings) : locked.template.settings;
      const template = {
        ...locked.template,
        name: input.name ?? locked.template.name,
        recipients: input.recipients ? recipientsOf(input.recipients) : locked.template.recipients,
        placements: input.placements ? placementsOf(input.placements) : locked.template.placements,
        settings: overrides,
        metadata: mergeMetadata(locked.template.metadata, input.metadata),
        updated_at: now
      };
      const documents = stored ? stored.rows : locked.documents;
      const bytes = stored ? stored.bytes : new Map(await Promise.all(locked.documents.map(async (document) => [document.id, await readBlob(deps.blobs, document.blob_key)] as const)));
      await checkTemplate({ ...template, documents, bytes, settings: await deps.settings.effective(context, overrides) }, now);
      const aggregate = { template, documents };
      await deps.templates.replace(trx, aggregate, stored !== null);
      await writeTemplateEvent(trx, 'template.updated', aggregate, deps.links, context, now);
      released = stored ? locked.documents.map((document) => document.blob_key) : [];
      return aggregate;
    });
    deps.relay.wake();
    await releaseBlobs(deps.db, deps.blobs, released);
    return updated;
  } catch (error) {
    await Promise.all((stored?.rows ?? []).map((document) => deps.blobs.delete(document.blob_key)));
    throw error;
  }
}

/** DELETE /api/v1/templates/:id: envelopes made from it are untouched; its blobs go once none of them uses them. */
export async function deleteTemplate(deps: TemplateDeps, { context, templateId }: { context: RequestContext; templateId: string }): Promise<void> {
  const now = deps.clock();
  const deleted = await deps.db.transaction(async (trx) => {
    const locked = await deps.templates.load(trx, context.tenantId, templateId, 'update');
    if (!locked) throw notFound('Template');
    await deps.templates.remove(trx, templateId);
    await writeTemplateEvent(trx, 'template.deleted', locked, deps.links, context, now);
    return locked;
  });
  deps.relay.wake();
  await releaseBlobs(deps.db, deps.blobs, deleted.documents.map((document) => document.blob_key));
}
