import { callInternal, RequestContext } from '@signet/http';

export interface PlanLimitDecision {
  allowed: boolean;
  retry_after_seconds: number;
}

/**
 * The gateway owns plan rate limits (its counters, every replica's). A batch item that creates an
 * envelope spends one creation from the same allowance as a single POST /api/v1/envelopes, asked of the
 * gateway at the moment the item runs.
 */
export function planLimitsClient(gatewayUrl: () => string, secret: string) {
  return {
    consumeEnvelopeCreation(context: RequestContext): Promise<PlanLimitDecision> {
      return callInternal<PlanLimitDecision>({ baseUrl: gatewayUrl(), method: 'POST', path: '/internal/rate-limits/envelope.create', context, secret, body: {} });
    }
  };
}

export type PlanLimitsClient = ReturnType<typeof planLimitsClient>;
