import { loadConfig } from '@signet/config';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';
import { envelopeLimitsOf } from './plan-limits';

const key = (plan: string, own: Partial<ApiKeyRecord> = {}) => ({ id: 'key-1', tenant_id: 'acme', plan, envelopes_per_hour: null, envelopes_per_day: null, ...own }) as ApiKeyRecord;

describe('the envelope creations a key is granted', () => {
  const grant = envelopeLimitsOf(loadConfig({}));

  it('follows the plan, and an enterprise key\'s own limits when it has them', () => {
    expect(grant(key('starter'))).toBe('hour:10,day:100');
    expect(grant(key('professional'))).toBe('hour:50,day:500');
    expect(grant(key('enterprise', { envelopes_per_hour: 2, envelopes_per_day: 5 }))).toBe('hour:2,day:5');
    expect(grant(key('enterprise'))).toMatch(/^hour:\d+,day:\d+$/);
  });
});
