import type { SignetConfig } from '@signet/config';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';

interface WindowLimit {
  window: 'hour' | 'day';
  max: number;
}

/** Envelope creation per plan (spec 8); enterprise limits are per key, else the configured default. */
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
