import { signInternalHeaders, verifyInternalHeaders } from './internal-auth';

const context = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_1' };
const now = new Date('2026-11-21T10:00:00Z');

describe('internal signatures', () => {
  it('verifies what was signed for the same method and URL', () => {
    const headers = signInternalHeaders('secret', 'GET', '/api/v1/settings?scope=emails', context, now);
    expect(verifyInternalHeaders('secret', 'GET', '/api/v1/settings?scope=emails', headers, now)).toEqual(context);
  });

  it('refuses another secret, URL, tenant or a stale timestamp', () => {
    const headers = signInternalHeaders('secret', 'GET', '/api/v1/settings', context, now);
    expect(verifyInternalHeaders('other', 'GET', '/api/v1/settings', headers, now)).toBeNull();
    expect(verifyInternalHeaders('secret', 'PUT', '/api/v1/settings', headers, now)).toBeNull();
    expect(verifyInternalHeaders('secret', 'GET', '/api/v1/settings', { ...headers, 'x-signet-tenant-id': 'globex' }, now)).toBeNull();
    expect(verifyInternalHeaders('secret', 'GET', '/api/v1/settings', headers, new Date(now.getTime() + 301_000))).toBeNull();
    expect(verifyInternalHeaders('secret', 'GET', '/api/v1/settings', {}, now)).toBeNull();
  });
});
