import type { Knex } from 'knex';
import { writeOutboxEvent } from '@signet/bus';
import type { RequestContext } from '@signet/http';
import type { DocumentLinks } from '../present/document-links';
import type { TemplateAggregate } from './template-model';
import { templateView } from './template-view';

export type TemplateEventType = 'template.created' | 'template.updated' | 'template.deleted';

/** The template event, in the change's transaction; `data` is the template as GET shows (or showed) it. */
export async function writeTemplateEvent(trx: Knex.Transaction, eventType: TemplateEventType, aggregate: TemplateAggregate, links: DocumentLinks, context: RequestContext, now: Date): Promise<void> {
  await writeOutboxEvent(trx, {
    eventType,
    key: aggregate.template.id,
    data: await templateView(aggregate, links),
    context: { tenantId: context.tenantId, apiKeyId: context.apiKeyId, requestId: context.requestId },
    occurredAt: now
  });
}
