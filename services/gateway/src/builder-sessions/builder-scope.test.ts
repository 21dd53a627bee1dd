import { scopeOf } from './builder-scope';
import type { BuilderSessionRow } from './builder-session-store';

const base: BuilderSessionRow = {
  id: 's1', tenant_id: 't', api_key_id: 'k', template_id: null, envelope_id: null, new_template: false, binding_until: null,
  actions: ['edit'], origins: ['https://app.example.com'], roles: ['SIGNER'], field_types: ['SIGNATURE'], language: 'EN',
  created_at: new Date(0), expires_at: new Date(1), revoked_at: null
};

describe('what a builder session token may do', () => {
  it('an envelope session: its envelope and its uploads; sending only with "send"; nothing of another envelope', () => {
    const session = { ...base, envelope_id: 'e1' };
    expect(scopeOf(session, 'PUT', '/api/v1/envelopes/e1')).toBe('allowed');
    expect(scopeOf(session, 'GET', '/api/v1/envelopes/e1/uploads/u1')).toBe('allowed');
    expect(scopeOf(session, 'PUT', '/api/v1/uploads/token-1')).toBe('allowed');
    expect(scopeOf(session, 'GET', '/api/v1/envelopes/e1/uploads/u1/more')).toBe('refused');
    expect(scopeOf(session, 'POST', '/api/v1/envelopes/e1/send_invitation')).toBe('refused');
    expect(scopeOf({ ...session, actions: ['edit', 'send'] }, 'POST', '/api/v1/envelopes/e1/send_invitation')).toBe('allowed');
    expect(scopeOf(session, 'GET', '/api/v1/envelopes/e2')).toBe('refused');
    expect(scopeOf(session, 'PUT', '/api/v1/envelopes/e1/void')).toBe('refused');
  });

  it('a new-template session: one creation until bound, then its template alone', () => {
    const fresh = { ...base, new_template: true };
    expect(scopeOf(fresh, 'POST', '/api/v1/templates')).toBe('create-template');
    expect(scopeOf(fresh, 'GET', '/api/v1/templates/x')).toBe('refused');
    const bound = { ...fresh, template_id: 'x' };
    expect(scopeOf(bound, 'POST', '/api/v1/templates')).toBe('refused');
    expect(scopeOf(bound, 'PUT', '/api/v1/templates/x')).toBe('allowed');
    expect(scopeOf(bound, 'GET', '/api/v1/builder_sessions/s1')).toBe('allowed');
    expect(scopeOf(bound, 'GET', '/api/v1/builder_sessions/s2')).toBe('refused');
  });
});
