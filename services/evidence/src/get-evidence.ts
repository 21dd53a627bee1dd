import { AppError, notFound, type RequestContext } from '@signet/http';
import type { EvidenceDocument, EvidenceGenerator } from './evidence-generator';
import { envelopeStatus, type ProjectionDeps } from './envelope-status';
import { timelineStore } from './timeline-store';

export interface EvidenceDeps extends ProjectionDeps {
  generator: EvidenceGenerator;
}

async function notKnownYet(deps: EvidenceDeps, context: RequestContext, envelopeId: string): Promise<AppError> {
  const status = await envelopeStatus(deps, context, envelopeId);
  return new AppError('CONFLICT', `The evidence sheet exists once the envelope is SUCCESS and its record is complete; it is ${status}, retry shortly`);
}

/**
 * An envelope's evidence sheet: NOT_FOUND for an envelope this tenant does not have, CONFLICT unless it
 * is SUCCESS (and known here); the first call renders (at most one render), later calls answer from the
 * cache.
 */
export async function getEvidence(deps: EvidenceDeps, input: { context: RequestContext; envelopeId: string }): Promise<EvidenceDocument> {
  const { context, envelopeId } = input;
  const row = await timelineStore.find(deps.db, envelopeId);
  if (row && row.tenant_id !== context.tenantId) throw notFound('Envelope');
  if (!row || row.snapshot === null) throw await notKnownYet(deps, context, envelopeId);
  if (row.snapshot.status !== 'SUCCESS') {
    throw new AppError('CONFLICT', `The evidence sheet exists once the envelope is SUCCESS; it is ${String(row.snapshot.status)}`);
  }
  const rendered = row.blob_key === null ? await deps.generator.renderOnce(row.envelope_id) : row;
  return deps.generator.cached(rendered);
}
