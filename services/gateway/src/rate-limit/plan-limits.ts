import type { SignetConfig } from '@signet/config';
import type { WindowLimit } from '@signet/rate-limit';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';

/** What a limit the gateway applies counts and whose requests count together (envelope creation is the envelope part's). */
export type RateLimitBucketName = 'signature_report.create';

export interface RateLimitBucket {
  name: RateLimitBucketName;
  subject: 'tenant' | 'api_key';
  limitsFor(key: ApiKeyRecord): WindowLimit[];
}

/** Envelope creation per plan; enterprise limits are per key, else the configured default. */
function envelopeCreationLimits(config: SignetConfig, key: ApiKeyRecord): WindowLimit[] {
  switch (key.plan) {
    case 'starter':
      return [{ window: 'hour', max: 10 }, { window: 'day', max: 100 }];
    case 'professional':
      return [{ window: 'hour', max: 50 }, { window: 'day', max: 500 }];
    case 'enterprise':
      return [
        { window: 'hour', max: key.envelopes_per_hour ?? config.enterpriseEnvelopesPerHour },
        { window: 'day', max: key.envelopes_per_day ?? config.enterpriseEnvelopesPerDay }
      ];
  }
}

/**
 * The gateway knows the key's plan; the envelope part, which creates envelopes (singly and in batches),
 * counts creations against what the plan allows. This is the grant it passes on, in the signed context
 * (`envelopeLimits`): `hour:10,day:100`.
 */
export function envelopeLimitsOf(config: SignetConfig) {
  return (key: ApiKeyRecord): string => envelopeCreationLimits(config, key).map(({ window, max }) => `${window}:${max}`).join(',');
}

/**
 * Signature reports per API key and plan: each may hold a worker for seconds of CPU on a 50 MB file, so
 * a key gets enough for checking its own documents, not a free validation service for the internet.
 */
export const SIGNATURE_REPORT_LIMITS: Record<ApiKeyRecord['plan'], WindowLimit[]> = {
  starter: [{ window: 'hour', max: 20 }, { window: 'day', max: 100 }],
  professional: [{ window: 'hour', max: 100 }, { window: 'day', max: 1000 }],
  enterprise: [{ window: 'hour', max: 1000 }, { window: 'day', max: 10000 }]
};

export function signatureReportBucket(): RateLimitBucket {
  return { name: 'signature_report.create', subject: 'api_key', limitsFor: (key) => SIGNATURE_REPORT_LIMITS[key.plan] };
}
