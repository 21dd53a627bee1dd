import { Webhook } from 'standardwebhooks';
import { signDelivery, signingSecretsAt } from './sign-delivery';
import { newSigningSecret } from './signing-secret';

describe('signDelivery', () => {
  const body = JSON.stringify({ id: 'evt_1', event_type: 'envelope.success', data: { id: 'env_1', name: 'Contrato' } });

  it('signs as Standard Webhooks: the reference library verifies it', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signDelivery([secret], 'evt_1', new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('gives the same signature as the reference library for the same id, time and body', () => {
    const secret = newSigningSecret();
    const at = new Date('2025-01-02T03:04:05.678Z');
    const headers = signDelivery([secret], 'evt_1', at, body);
    expect(headers).toEqual({ 'webhook-id': 'evt_1', 'webhook-timestamp': '1735787045', 'webhook-signature': new Webhook(secret).sign('evt_1', at, body) });
  });

  it('does not verify with another secret, another body or an old timestamp', () => {
    const secret = newSigningSecret();
    const headers = signDelivery([secret], 'evt_1', new Date(), body);
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('Contrato', 'Contract'), headers)).toThrow();
    const replayed = signDelivery([secret], 'evt_1', new Date(Date.now() - 60 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, replayed)).toThrow(/timestamp/i);
  });

  it('signs with every secret it is given, space-separated: the reference library verifies each alone', () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const headers = signDelivery([current, previous], 'evt_1', new Date(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });
});

describe('signingSecretsAt', () => {
  const rotated = { signing_secret: 'whsec_new', previous_signing_secret: 'whsec_old', previous_secret_expires_at: new Date('2026-01-02T00:00:00Z') };

  it('adds the replaced secret until its window ends, and only the current one from then on', () => {
    expect(signingSecretsAt(rotated, new Date('2026-01-01T23:59:59Z'))).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecretsAt(rotated, new Date('2026-01-02T00:00:00Z'))).toEqual(['whsec_new']);
    expect(signingSecretsAt({ signing_secret: 'whsec_only', previous_signing_secret: null, previous_secret_expires_at: null }, new Date())).toEqual(['whsec_only']);
  });
});
