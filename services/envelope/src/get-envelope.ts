import { notFound, type RequestContext } from '@signet/http';
import type { EnvelopeDeps } from './envelope-deps';
import type { EnvelopeAggregate } from './model';

/** GET /api/v1/envelopes/:id: another tenant's envelope is not found. */
export async function getEnvelope(deps: EnvelopeDeps, { context, envelopeId }: { context: RequestContext; envelopeId: string }): Promise<EnvelopeAggregate> {
  const aggregate = await deps.store.load(deps.db, context.tenantId, envelopeId);
  if (!aggregate) throw notFound('Envelope');
  return aggregate;
}
