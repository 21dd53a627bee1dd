import type { EnvelopeStatus } from '@signet/contracts';
import { callInternal, RequestContext } from '@signet/http';

export interface EnvelopeSummary {
  id: string;
  status: EnvelopeStatus;
  api_key_id: string;
  /** Whether the envelope's state machine lets it take a document now (CREATED or ERROR today). */
  accepts_documents: boolean;
}

export interface EnvelopeClient {
  /** The caller's tenant's envelope, or a NOT_FOUND AppError (another tenant's envelope is not found). */
  summary(context: RequestContext, envelopeId: string): Promise<EnvelopeSummary>;
}

export function envelopeClient(baseUrl: () => string, secret: string): EnvelopeClient {
  return {
    async summary(context, envelopeId) {
      const answer = await callInternal<{ envelope: EnvelopeSummary }>({
        baseUrl: baseUrl(),
        method: 'GET',
        path: `/internal/envelopes/${encodeURIComponent(envelopeId)}/summary`,
        context,
        secret
      });
      return answer.envelope;
    }
  };
}
