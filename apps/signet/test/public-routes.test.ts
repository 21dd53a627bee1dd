import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { sentEnvelope, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MINUTE = 60_000;

const signedAllFrom = (api: TestSignet, envelopeId: string): Body | undefined =>
  api.events.find((event) => event.key === envelopeId && event.event.event_type === 'recipient.signed_all')?.event.data as Body | undefined;

/** The keyless routes (signing, tracking, bounces): the client address they see and the limit they put on it. */
describe('public routes behind a trusted proxy', () => {
  let api: TestSignet;
  let shiftMs = 0;

  beforeAll(async () => {
    api = await startTestSignet({ PUBLIC_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' }, undefined, () => new Date(Date.now() + shiftMs));
  });

  afterAll(async () => {
    await api.close();
  });

  /** A signing link nobody was sent: 404, unless the client is turned away first. */
  const link = (client: string) => api.call('GET', '/signing/v1/not-a-real-token', { key: null, headers: { 'x-forwarded-for': client } });

  it('turns a client away after PUBLIC_RATE_LIMIT_PER_MINUTE requests until the next minute, and only that client', async () => {
    // Start one second into a minute, so the requests below all fall in it.
    shiftMs += MINUTE - ((Date.now() + shiftMs) % MINUTE) + 1000;
    const answers = [];
    for (let request = 0; request < 3; request += 1) answers.push(await link('198.51.100.7'));
    expect(answers.map((answer) => [answer.status, answer.headers.get('x-ratelimit-remaining')])).toEqual([[404, '2'], [404, '1'], [404, '0']]);
    const refused = await link('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/3 a minute/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    expect((await link('198.51.100.8')).status).toBe(404);
    const asset = await fetch(`${api.url}/sign/assets/signer-page.css`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(asset.status).toBe(200);
    expect((await api.call('GET', '/api/v1/settings', { key: KEYS.globex, headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(200);

    shiftMs += MINUTE;
    expect((await link('198.51.100.7')).status).toBe(404);
  });

  it('records the signer address the proxy names', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const signed = await api.call('POST', `/signing/v1/${envelope.tokens.ana}/sign`, { key: null, json: written('Ana Lima'), headers: { 'x-forwarded-for': '203.0.113.50, 198.51.100.99' } });
    expect(signed.status).toBe(200);
    const data = await waitFor(() => signedAllFrom(api, envelope.id), 20_000, 'recipient.signed_all');
    // The right-most address not trusted is the client: 198.51.100.99 (the left one is its own claim).
    expect(data.ip_address).toBe('198.51.100.99');
  });
});

describe('public routes without TRUST_PROXY', () => {
  let api: TestSignet;

  beforeAll(async () => {
    api = await startTestSignet();
  });

  afterAll(async () => {
    await api.close();
  });

  it('records the connection address, whatever X-Forwarded-For claims', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const signed = await api.call('POST', `/signing/v1/${envelope.tokens.ana}/sign`, { key: null, json: written('Ana Lima'), headers: { 'x-forwarded-for': '203.0.113.50' } });
    expect(signed.status).toBe(200);
    const data = await waitFor(() => signedAllFrom(api, envelope.id), 20_000, 'recipient.signed_all');
    expect(data.ip_address).toBe('127.0.0.1');
  });
});
