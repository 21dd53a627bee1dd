import { Readable } from 'node:stream';
import { createSignetClient, SignetError, verifyWebhook, type SignetClient, type WebhookEvent } from '@signet/sdk';
import { samplePdf, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { startReceiver, type Receiver } from './webhooks/receiver';

describe('the TypeScript SDK against a running Signet', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let signet: SignetClient;

  beforeAll(async () => {
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_DELAY_MS: '200' });
    receiver = await startReceiver();
    signet = createSignetClient({ baseUrl: api.url, apiKey: KEYS.acme });
  }, 120_000);

  afterAll(async () => {
    await receiver?.close();
    await api?.close();
  });

  it('creates an envelope from a plain object, adds a streamed upload and waits for it, then sends', async () => {
    const pdf = await samplePdf({ text: '{{ben}}' });
    const created = await signet.createEnvelope({
      name: 'SDK contract',
      documents: { contract: { name: 'contract.pdf', base64: pdf.toString('base64') } },
      recipients: { ben: { name: 'Ben Ortiz', email: 'ben@example.com' } },
      placements: { 0: { document_key: 'contract', recipient_key: 'ben', token: '{{ben}}' } }
    });
    expect(created).toMatchObject({ name: 'SDK contract', status: 'CREATED', envelope_signers: [{ custom_key: 'ben', email: 'ben@example.com' }] });

    const upload = await signet.uploadFile(created.id, { fileName: 'annex.pdf', order: 1, file: Readable.from([await samplePdf({ pages: 2 })]) });
    expect(upload).toMatchObject({ status: 'COMPLETED', file_name: 'annex.pdf', file_id: expect.any(String) });
    const envelope = await signet.getEnvelope(created.id);
    expect(envelope.documents.map((document) => document.file_name)).toEqual(['contract.pdf', 'annex.pdf']);
    await signet.sendEnvelope(created.id);
    expect((await signet.getEnvelope(created.id)).status).toBe('IN_PROGRESS');
  });

  it('lists envelopes filtered by metadata, sent as the deepObject parameter metadata[key]=value', async () => {
    const recipients = { cleo: { name: 'Cleo Park', email: 'cleo@example.com' } };
    const tagged = await signet.createEnvelope({ name: 'Tagged', recipients, metadata: { crm_id: 'opp-1042', region: 'emea' } });
    const other = await signet.createEnvelope({ name: 'Other', recipients, metadata: { crm_id: 'opp-2077', region: 'emea' } });
    const page = await signet.listEnvelopes({ metadata: { crm_id: 'opp-1042', region: 'emea' } });
    expect(page.envelopes.map((envelope) => envelope.id)).toEqual([tagged.id]);
    expect(page.envelopes[0]?.metadata).toEqual({ crm_id: 'opp-1042', region: 'emea' });
    const names: string[] = [];
    for await (const envelope of signet.allEnvelopes({ metadata: { region: 'emea' }, limit: 1, order: 'asc' })) names.push(envelope.id);
    expect(names).toEqual([tagged.id, other.id]);
  });

  it('voids with a reason, and voids and reminds in batches it then lists newest first', async () => {
    const recipients = { dora: { name: 'Dora Finch', email: 'dora@example.com' } };
    const single = await signet.createEnvelope({ name: 'Voided alone', recipients });
    expect(await signet.voidEnvelope(single.id, 'Sent to the wrong customer')).toMatchObject({ status: 'VOIDED', void_reason: 'Sent to the wrong customer' });
    const drafts = [await signet.createEnvelope({ name: 'Batch 1', recipients }), await signet.createEnvelope({ name: 'Batch 2', recipients })];
    const voids = await signet.batches.create({ operation: 'void', envelope_ids: drafts.map((draft) => draft.id), reason: 'Season over' });
    const reminds = await signet.batches.create({ operation: 'remind', envelope_ids: [single.id] });
    const done = await waitFor(async () => {
      const batch = await signet.batches.get(reminds.id);
      return batch.status === 'COMPLETED' && batch;
    }, 60_000, 'the remind batch');
    expect(done.results).toEqual([{ index: 0, envelope_id: single.id, status: 'FAILED', error: expect.objectContaining({ code: 'CONFLICT' }) }]);
    const page = await signet.batches.list({ limit: 1 });
    expect(page.batches.map((batch) => batch.id)).toEqual([reminds.id]);
    const all: string[] = [];
    for await (const batch of signet.batches.all()) all.push(batch.id);
    expect(all.slice(0, 2)).toEqual([reminds.id, voids.id]);
    expect((await signet.batches.get(voids.id)).reason).toBe('Season over');
  });

  it('throws typed errors carrying code, details and request_id', async () => {
    const missing = await signet.getEnvelope('0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e01').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(SignetError);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: expect.stringMatching(/\S/) });
    const invalid = await signet.createEnvelope({ recipients: { ben: { name: 'Ben', email: 'not-an-email' } } }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', details: [{ field: 'recipients.ben.email', message: expect.any(String) }] });
  });

  it('verifies a delivered webhook into a typed event, refuses a forged one, and lists the deliveries', async () => {
    const { data } = await signet.api.POST('/api/v1/webhooks', { body: { url: `${receiver.url}/sdk`, subscriptions: 'envelope.in_progress' } });
    const secret = data?.webhook.signing_secret as string;
    const pdf = await samplePdf({ text: '{{ana}}' });
    const created = await signet.createEnvelope({
      documents: { 0: { base64: pdf.toString('base64') } },
      recipients: { ana: { name: 'Ana', email: 'ana@example.com' } },
      placements: { 0: { document_key: '0', recipient_key: 'ana', token: '{{ana}}' } }
    });
    await signet.sendEnvelope(created.id);
    const [delivery] = await receiver.waitForCount('/sdk', 1);
    const event: WebhookEvent = verifyWebhook(secret, delivery!.body, delivery!.headers as Record<string, string>);
    expect(event.event_type).toBe('envelope.in_progress');
    if (event.event_type === 'envelope.in_progress') expect(event.data.id).toBe(created.id);
    expect(() => verifyWebhook(secret, delivery!.body.replace(created.id, 'forged'), delivery!.headers as Record<string, string>)).toThrow();

    // The receiver has the body before the delivery worker records its answer, so wait for the record.
    const deliveries = await waitFor(async () => {
      const listed = [];
      for await (const item of signet.allDeliveries(data?.webhook.id as string)) listed.push(item);
      return listed.length > 0 && listed.every((item) => item.status === 'SUCCESS') && listed;
    }, 10_000, 'the delivery recorded as SUCCESS');
    expect(deliveries).toEqual([expect.objectContaining({ event_id: event.id, event_type: 'envelope.in_progress', status: 'SUCCESS' })]);
  });

  it('sends a test event and reads back what it sent; a delivery that runs out of retries is a dead letter, retried once', async () => {
    const webhook = await signet.createWebhook({ url: `${receiver.url}/sdk-down`, subscriptions: 'envelope.voided' });
    receiver.script('/sdk-down', [503, 503, 503]);
    const sent = await signet.sendTestEvent(webhook.id);
    expect(sent).toMatchObject({ webhook_id: webhook.id, event_type: 'webhook.test', status: 'PENDING' });
    const deadLetter = await waitFor(async () => (await signet.deadLetters.list({ webhook_id: webhook.id })).dead_letters[0], 10_000, 'the dead letter');
    expect(deadLetter).toMatchObject({ kind: 'webhook.delivery', delivery_id: sent.id, event_type: 'webhook.test', attempts: 3, last_status_code: 503, retried_at: null });
    const failed = await signet.getDelivery(webhook.id, sent.id);
    expect(JSON.parse(failed.request_body)).toMatchObject({ id: sent.event_id, event_type: 'webhook.test', data: { webhook_id: webhook.id } });
    expect(failed.attempts.map((attempt) => attempt.request_headers?.['webhook-id'])).toEqual([sent.event_id, sent.event_id, sent.event_id]);

    const { dead_letter, delivery } = await signet.deadLetters.retry(deadLetter.id);
    expect(dead_letter.retried_at).toEqual(expect.any(String));
    expect(delivery).toMatchObject({ id: sent.id, status: 'PENDING' });
    await waitFor(async () => (await signet.getDelivery(webhook.id, sent.id)).status === 'SUCCESS', 10_000, 'the retried delivery');
    await expect(signet.deadLetters.retry(deadLetter.id)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    const retried: string[] = [];
    for await (const letter of signet.deadLetters.all({ state: 'retried', limit: 1 })) retried.push(letter.id);
    expect(retried).toEqual([deadLetter.id]);
  });

  it('reads an envelope\'s timeline, and previews the signer page and the invitation email as HTML in a chosen language', async () => {
    const created = await signet.createEnvelope({ name: 'Timeline', recipients: { cleo: { name: 'Cleo Park', email: 'cleo@example.com' } } });
    const timeline = await waitFor(async () => {
      const entries = await signet.envelopes.timeline(created.id);
      return entries.length > 0 && entries;
    }, 10_000, 'envelope.created in the timeline');
    expect(timeline[0]).toMatchObject({ event: 'envelope.created', recipient: null, details: { status: 'CREATED' } });
    await expect(signet.envelopes.timeline('0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e01')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });

    await signet.updateSettings({ branding: { name: 'SDK Brand', color: '#7c2d12' } });
    const signerPage = await signet.settings.previewSignerPage({ language: 'DE' });
    expect(signerPage).toContain('<html lang="de">');
    expect(signerPage).toContain('SDK Brand');
    expect(signerPage).toContain('--accent: #7c2d12;');
    const invitation = await signet.settings.previewInvitationEmail();
    expect(invitation).toContain('<html lang="en">');
    expect(invitation).toContain('background:#7c2d12');
    await expect(signet.settings.previewInvitationEmail({ language: 'xx' as 'EN' })).rejects.toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
  });
  it('signs an advanced envelope through the signing helpers, and reports its signatures beside the signer CA it publishes', async () => {
    const created = await signet.createEnvelope({
      documents: { contract: { base64: (await samplePdf({ text: '{{dana}}' })).toString('base64'), name: 'contract.pdf' } },
      recipients: { dana: { name: 'Dana Ruiz', email: 'dana.sdk@example.com' } },
      placements: { 0: { document_key: 'contract', recipient_key: 'dana', token: '{{dana}}' } },
      settings: { signature: { level: 'advanced' } }
    });
    await signet.sendEnvelope(created.id);
    const [dana] = (await signet.getEnvelope(created.id)).envelope_signers;
    const url = await signet.getSigningUrl(created.id, dana!.id);
    expect((await signet.getSigningSession(url)).envelope.signature_level).toBe('advanced');
    await signet.sign(url, { consent: true, signature: { type: 'WRITTEN', text: 'Dana Ruiz' } });
    await signet.waitForEnvelope(created.id, { statuses: ['SUCCESS'] });
    const report = await signet.createSignatureReport(await signet.downloadSignedDocument(created.id));
    expect(report.signatures.map((signature) => [signature.level, signature.signer?.common_name])).toEqual([
      ['AdES', 'Dana Ruiz'], ['seal', 'Signet Development Seal — not for production'], [null, 'Signet Development TSA — not for production']
    ]);
    const certificates = await signet.getSealCertificates();
    expect(certificates.signer_ca.certificates[0]?.subject).toContain('Signet Development Signer CA');
  });
});
