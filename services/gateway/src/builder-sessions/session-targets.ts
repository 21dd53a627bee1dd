import type { PartName } from '@signet/config';
import { callInternal } from '@signet/http';
import type { SessionTargets } from './builder-session-deps';

/**
 * Asks the envelope part through its public routes, as the caller's key would (the same signed context
 * the proxy sends): the gateway reads no other part's tables.
 */
export function sessionTargets(serviceUrl: (part: PartName) => string, secret: string): SessionTargets {
  return {
    async template(context, templateId) {
      await callInternal({ baseUrl: serviceUrl('envelope'), method: 'GET', path: `/api/v1/templates/${templateId}`, context, secret });
    },
    async envelopeStatus(context, envelopeId) {
      const answer = await callInternal<{ envelope: { status: string } }>({ baseUrl: serviceUrl('envelope'), method: 'GET', path: `/api/v1/envelopes/${envelopeId}`, context, secret });
      return answer.envelope.status;
    }
  };
}
