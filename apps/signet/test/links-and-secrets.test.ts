import { Webhook } from 'standardwebhooks';
import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { session, sentEnvelope } from './signing/flows';
import { startReceiver, type Delivered, type Receiver } from './webhooks/receiver';
import { createAndSendEnvelope, createWebhook, verifySignature } from './webhooks/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY_MS = 24 * 3600_000;

describe('signing links and webhook secrets on demand', () => {
  let api: TestSignet;
  let receiver: Receiver;
  // Signet's clock, moved by the tests: the rotation window is 24 hours of it.
  let clockOffsetMs = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' }, undefined, () => new Date(Date.now() + clockOffsetMs));
  }, 120_000);

  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  const recipientsOf = async (id: string) => ((await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.acme })).body.envelope as Body).envelope_signers as Body[];
  const signingUrl = (id: string, recipientId: string, json?: unknown, key: string = KEYS.acme) =>
    api.call('POST', `/api/v1/envelopes/${id}/recipients/${recipientId}/signing_url`, { key, json });
  const tokenOf = (url: string) => url.split('/sign/')[1] as string;

  describe('POST /api/v1/envelopes/:id/recipients/:recipient_id/signing_url', () => {
    it('hands out the link the recipient was sent; rotate gives a new one and the old one opens nothing', async () => {
      const sent = await sentEnvelope(api, KEYS.acme);
      const ana = (await recipientsOf(sent.id)).find((recipient) => recipient.custom_key === 'ana') as Body;

      const current = await signingUrl(sent.id, ana.id);
      expect(current.status).toBe(200);
      expect(current.body).toEqual({ signing_url: `${api.url}/sign/${sent.tokens.ana}`, request_id: expect.any(String) });
      expect((await signingUrl(sent.id, ana.id, {})).body.signing_url).toBe(current.body.signing_url);

      const rotated = await signingUrl(sent.id, ana.id, { rotate: true });
      expect(rotated.status).toBe(200);
      const newToken = tokenOf(String(rotated.body.signing_url));
      expect(newToken).not.toBe(sent.tokens.ana);
      expect((await session(api, sent.tokens.ana as string)).status).toBe(404);
      expect((await session(api, newToken)).status).toBe(200);
      expect((await signingUrl(sent.id, ana.id)).body.signing_url).toBe(rotated.body.signing_url);

      // Both are facts of the envelope: the hand-out (internal) and the new link (delivered to webhooks too).
      await waitFor(() => api.events.some((event) => event.key === sent.id && event.event.event_type === 'recipient.link_generated'
        && (event.event.data as Body).signing_url === rotated.body.signing_url), 20_000, 'recipient.link_generated with the rotated link');
      const timeline = await waitFor(async () => {
        const rows = await api.tables('evidence.timeline_events').where({ envelope_id: sent.id, recipient_id: ana.id }).orderBy('occurred_at').select('event_type');
        const types = rows.map((row: Body) => row.event_type as string);
        return types.includes('recipient.link_requested') && types.filter((type) => type === 'recipient.link_generated').length === 2 && types;
      }, 20_000, 'the evidence timeline with both the hand-out and the rotation');
      expect(timeline).toContain('recipient.link_requested');
    });

    it('is 409 before sending and after voiding, 404 for an unknown recipient or another tenant, 422 for a bad body', async () => {
      const created = await api.call('POST', '/api/v1/envelopes', { key: KEYS.acme, form: { 'recipients[ana][email]': 'ana.links@example.com', 'recipients[ana][name]': 'Ana Lima' } });
      const draft = created.body.envelope as Body;
      const draftRecipient = (await recipientsOf(draft.id))[0] as Body;
      expect((await signingUrl(draft.id, draftRecipient.id)).body).toMatchObject({ code: 'CONFLICT' });

      const sent = await sentEnvelope(api, KEYS.acme);
      const ben = (await recipientsOf(sent.id)).find((recipient) => recipient.custom_key === 'ben') as Body;
      expect((await signingUrl(sent.id, 'no-such-recipient')).status).toBe(404);
      expect((await signingUrl(sent.id, ben.id, undefined, KEYS.globex)).status).toBe(404);
      const bad = await signingUrl(sent.id, ben.id, { rotate: 'yes' });
      expect(bad.status).toBe(422);
      expect(bad.body.details).toContainEqual({ field: 'rotate', message: expect.any(String) });

      expect((await api.call('PUT', `/api/v1/envelopes/${sent.id}/void`, { key: KEYS.acme })).status).toBe(200);
      const voided = await signingUrl(sent.id, ben.id, { rotate: true });
      expect(voided.status).toBe(409);
      expect(voided.body.code).toBe('CONFLICT');
    });
  });

  describe('POST /api/v1/webhooks/:id/rotate_secret', () => {
    const headersOf = (delivered: Delivered) => Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivered.headers[name])]));

    it('signs deliveries with both secrets for 24 hours of Signet\'s clock, then with the new one only; the secret is shown once', async () => {
      const path = '/rotation';
      const webhook = await createWebhook(api.call, KEYS.acmeSecond, { url: `${receiver.url}${path}`, subscriptions: 'envelope.in_progress' });
      const rotated = await api.call('POST', `/api/v1/webhooks/${webhook.id}/rotate_secret`, { key: KEYS.acmeSecond });
      expect(rotated.status).toBe(200);
      const newSecret = (rotated.body.webhook as Body).signing_secret as string;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(webhook.secret);
      expect(Date.parse(String(rotated.body.previous_secret_expires_at)) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
      const read = await api.call('GET', `/api/v1/webhooks/${webhook.id}`, { key: KEYS.acmeSecond });
      expect(JSON.stringify(read.body)).not.toContain(newSecret);
      expect(JSON.stringify((await api.call('GET', '/api/v1/webhooks', { key: KEYS.acmeSecond })).body)).not.toContain(newSecret);

      await createAndSendEnvelope(api.call, KEYS.acmeSecond);
      const [inWindow] = await receiver.waitForCount(path, 1);
      const delivered = inWindow as Delivered;
      expect(String(delivered.headers['webhook-signature'])).toMatch(/^v1,\S+ v1,\S+$/);
      expect(verifySignature(webhook.secret, delivered)).toMatchObject({ event_type: 'envelope.in_progress' });
      expect(verifySignature(newSecret, delivered)).toMatchObject({ event_type: 'envelope.in_progress' });

      clockOffsetMs = DAY_MS + 60_000;
      try {
        await createAndSendEnvelope(api.call, KEYS.acmeSecond);
        const after = (await receiver.waitForCount(path, 2))[1] as Delivered;
        const headers = headersOf(after);
        // The secrets follow Signet's clock, a day ahead; the timestamp stays the host's, so the library accepts it.
        expect(new Webhook(newSecret).verify(after.body, headers)).toMatchObject({ id: headers['webhook-id'] });
      } finally {
        clockOffsetMs = 0;
      }
    });

    it('is 404 for another key\'s webhook, which keeps its secret', async () => {
      const webhook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/other`, subscriptions: 'envelope.success' });
      expect((await api.call('POST', `/api/v1/webhooks/${webhook.id}/rotate_secret`, { key: KEYS.acmeSecond })).status).toBe(404);
      expect((await api.call('POST', '/api/v1/webhooks/nope/rotate_secret', { key: KEYS.acme })).status).toBe(404);
    });
  });
});
