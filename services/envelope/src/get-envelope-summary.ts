import { notFound, type RequestContext } from '@signet/http';
import type { EnvelopeStatus } from '@signet/contracts';
import type { EnvelopeDeps } from './envelope-deps';
import { ENVELOPE_MACHINE } from './state/envelope-machine';

/**
 * GET /internal/envelopes/:id/summary: what another part needs to decide about an envelope (the upload
 * service: may it take documents, and whose webhooks hear about them).
 */
export async function getEnvelopeSummary(
  deps: EnvelopeDeps, { context, envelopeId }: { context: RequestContext; envelopeId: string }
): Promise<{ id: string; status: EnvelopeStatus; api_key_id: string; accepts_documents: boolean }> {
  const envelope = await deps.store.summary(deps.db, context.tenantId, envelopeId);
  if (!envelope) throw notFound('Envelope');
  return { ...envelope, accepts_documents: ENVELOPE_MACHINE.allows(envelope.status, 'edit') };
}
