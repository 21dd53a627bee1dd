import { samplePdf, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { createWebhook, verifySignature } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST /api/v1/batches and GET /api/v1/batches/:id through the gateway: create, send and void in the background. */
describe('batches', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let pdfBase64: string;

  const item = (name: string, email = 'ana@example.com') => ({
    name,
    documents: { 0: { base64: pdfBase64 } },
    recipients: { 0: { email, name: 'Ana Lima' } },
    metadata: { source: 'batch' }
  });
  const submit = (json: unknown, key: string = KEYS.globex) => api.call('POST', '/api/v1/batches', { key, json });
  const get = (id: string, key: string = KEYS.globex) => api.call('GET', `/api/v1/batches/${id}`, { key });

  async function completed(id: string, key: string = KEYS.globex): Promise<Body> {
    return waitFor(async () => {
      const answer = await get(id, key);
      return (answer.body.batch as Body).status === 'COMPLETED' && (answer.body.batch as Body);
    }, 600_000, `batch ${id} COMPLETED`);
  }

  async function createdEnvelope(name: string, key: string = KEYS.globex): Promise<string> {
    const answer = await api.call('POST', '/api/v1/envelopes', { key, form: { name, 'documents[0][base64]': pdfBase64, 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana Lima' } });
    expect(answer.status).toBe(200);
    return (answer.body.envelope as Body).id as string;
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    pdfBase64 = (await samplePdf({})).toString('base64');
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('creates 100 envelopes in the background: 202 at once, then every item\'s outcome in order, and batch.completed to webhooks', async () => {
    const webhook = await createWebhook(api.call, KEYS.globex, { url: `${receiver.url}/batches`, subscriptions: 'batch.completed', auth_type: 'header', auth: 'Bearer hook' });
    const items = Array.from({ length: 100 }, (_, index) => (index === 7 || index === 42 ? item(`bulk ${index}`, 'not-an-email') : item(`bulk ${index}`)));
    const accepted = await submit({ operation: 'create', items });
    expect(accepted).toMatchObject({
      status: 202,
      body: { request_id: expect.any(String), batch: { id: expect.any(String), operation: 'create', status: expect.stringMatching(/^(PENDING|RUNNING)$/), total: 100, created_at: expect.any(String) } }
    });
    const batch = await completed((accepted.body.batch as Body).id);
    expect(batch).toMatchObject({ status: 'COMPLETED', total: 100, succeeded: 98, failed: 2, completed_at: expect.any(String) });
    const results = batch.results as Body[];
    expect(results.map((result) => result.index)).toEqual(Array.from({ length: 100 }, (_, index) => index));
    for (const result of results.filter((candidate) => candidate.index !== 7 && candidate.index !== 42)) {
      expect(result).toEqual({ index: result.index, envelope_id: expect.any(String), status: 'SUCCEEDED', error: null });
    }
    expect(results[7]).toMatchObject({ envelope_id: null, status: 'FAILED', error: { code: 'VALIDATION_FAILED', details: [{ field: 'recipients.0.email' }] } });
    const third = await api.call('GET', `/api/v1/envelopes/${results[3]?.envelope_id}`, { key: KEYS.globex });
    expect(third.body.envelope).toMatchObject({ name: 'bulk 3', status: 'CREATED', metadata: { source: 'batch' } });
    const ids = new Set(results.map((result) => result.envelope_id));
    await waitFor(() => api.events.filter((event) => event.event.event_type === 'envelope.created' && ids.has(event.key)).length === 98, 30_000, '98 envelope.created');
    const [delivered] = await receiver.waitForCount('/batches', 1, 30_000);
    expect(verifySignature(webhook.secret, delivered as never)).toBeTruthy();
    expect(delivered?.event).toMatchObject({ event_type: 'batch.completed', data: { id: batch.id, status: 'COMPLETED', succeeded: 98, failed: 2, results: expect.any(Array) } });
    const listed = await api.call('GET', '/api/v1/envelopes?metadata[source]=batch&limit=100', { key: KEYS.globex });
    expect((listed.body.envelopes as Body[])).toHaveLength(98);
  }, 900_000);

  it('spends the plan\'s envelope allowance per item, the same allowance single creations use', async () => {
    const accepted = await submit({ operation: 'create', items: Array.from({ length: 12 }, (_, index) => item(`starter ${index}`)) }, KEYS.acme);
    expect(accepted.status).toBe(202);
    const batch = await completed((accepted.body.batch as Body).id, KEYS.acme);
    expect(batch).toMatchObject({ succeeded: 10, failed: 2 });
    expect((batch.results as Body[]).slice(10)).toEqual([
      { index: 10, envelope_id: null, status: 'FAILED', error: { code: 'RATE_LIMITED', error: expect.stringContaining('starter') } },
      { index: 11, envelope_id: null, status: 'FAILED', error: { code: 'RATE_LIMITED', error: expect.stringContaining('starter') } }
    ]);
    const single = await api.call('POST', '/api/v1/envelopes', { key: KEYS.acme, form: { 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana' } });
    expect(single.status).toBe(429);
  }, 600_000);

  it('sends and voids by id through the single calls\' rules; one item\'s failure never stops the others', async () => {
    const first = await createdEnvelope('to send 1');
    const second = await createdEnvelope('to send 2');
    const other = await createdEnvelope('acme envelope', KEYS.acmeSecond);
    const sent = await completed(((await submit({ operation: 'send', envelope_ids: [first, 'no-such-envelope', other, second, first] })).body.batch as Body).id);
    expect(sent).toMatchObject({ operation: 'send', succeeded: 2, failed: 3 });
    expect((sent.results as Body[]).map((result) => [result.status, result.error?.code ?? null])).toEqual([
      ['SUCCEEDED', null], ['FAILED', 'NOT_FOUND'], ['FAILED', 'NOT_FOUND'], ['SUCCEEDED', null], ['FAILED', 'CONFLICT']
    ]);
    await waitFor(() => api.events.some((event) => event.key === second && event.event.event_type === 'envelope.in_progress'), 20_000);
    const voided = await completed(((await submit({ operation: 'void', envelope_ids: [first, second] })).body.batch as Body).id);
    expect(voided).toMatchObject({ operation: 'void', succeeded: 2, failed: 0 });
    expect(((await api.call('GET', `/api/v1/envelopes/${second}`, { key: KEYS.globex })).body.envelope as Body).status).toBe('VOIDED');
    expect(((await api.call('GET', `/api/v1/envelopes/${other}`, { key: KEYS.acmeSecond })).body.envelope as Body).status).toBe('CREATED');
  }, 600_000);

  it('answers 422 with field details for a malformed batch, and 404 for another tenant\'s batch', async () => {
    expect((await submit({ operation: 'archive', envelope_ids: ['x'] })).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'operation' }] });
    expect((await submit({ operation: 'create', envelope_ids: ['x'] })).body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'items' }), expect.objectContaining({ field: 'envelope_ids' })]));
    expect((await submit({ operation: 'send', envelope_ids: Array.from({ length: 101 }, (_, index) => `e${index}`) })).body).toMatchObject({ details: [{ field: 'envelope_ids' }] });
    expect((await submit({ operation: 'void', envelope_ids: [] })).status).toBe(422);
    const mine = await submit({ operation: 'void', envelope_ids: ['no-such-envelope'] });
    expect(mine.status).toBe(202);
    expect((await get((mine.body.batch as Body).id, KEYS.acmeSecond))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await get('no-such-batch')).status).toBe(404);
  });
});
