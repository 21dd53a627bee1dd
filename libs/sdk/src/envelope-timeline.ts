import { unwrap } from './errors';
import type { components } from './generated/openapi';
import type { MethodContext } from './methods';

export type TimelineEntry = components['schemas']['EnvelopeTimelineEntry'];

/** `client.envelopes`: what happened to an envelope, as its evidence sheet lists it. */
export function envelopeTimelineMethods({ api }: MethodContext) {
  return {
    envelopes: {
      /**
       * Every recorded event of the envelope, oldest first, at any status: when, which event, the recipient
       * (with role), address and user agent. Recorded as events happen, so the latest may show a moment later.
       */
      async timeline(envelopeId: string): Promise<TimelineEntry[]> {
        return unwrap(await api.GET('/api/v1/envelopes/{id}/timeline', { params: { path: { id: envelopeId } } })).timeline;
      }
    }
  };
}
