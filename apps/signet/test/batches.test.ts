import { samplePdf, type SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { sentEnvelope, session } from './signing/flows';
import { createWebhook, verifySignature } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST /api/v1/batches, GET /api/v1/batches and GET /api/v1/batches/:id through the gateway: create, send, void and remind in the background. */
describe('batches', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let smtp: SmtpSink;
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
    smtp = await startSmtpSink();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true', SMTP_URL: smtp.url });
    pdfBase64 = (await samplePdf({})).toString('base64');
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
    await smtp.stop();
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

  it('reminds every recipient whose turn it is on each envelope, as the remind route does; an envelope not IN_PROGRESS fails alone with 409', async () => {
    const first = await sentEnvelope(api, KEYS.globex);
    const second = await sentEnvelope(api, KEYS.globex);
    const draft = await createdEnvelope('not sent');
    const batch = await completed(((await submit({ operation: 'remind', envelope_ids: [first.id, draft, second.id] })).body.batch as Body).id);
    expect(batch).toMatchObject({ operation: 'remind', total: 3, succeeded: 2, failed: 1, reason: null });
    expect(batch.results).toEqual([
      { index: 0, envelope_id: first.id, status: 'SUCCEEDED', error: null },
      { index: 1, envelope_id: draft, status: 'FAILED', error: { code: 'CONFLICT', error: expect.stringContaining('the envelope is CREATED') } },
      { index: 2, envelope_id: second.id, status: 'SUCCEEDED', error: null }
    ]);

    for (const envelope of [first, second]) {
      const signers = ((await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body).envelope_signers as Body[];
      const reminded = await waitFor(() => {
        const found = api.events.filter((event) => event.key === envelope.id && event.event.event_type === 'recipient.reminder_sent');
        return found.length === 2 && found;
      }, 20_000, 'recipient.reminder_sent for ana and ben');
      expect(reminded.map((event) => (event.event.data as Body).number)).toEqual([null, null]);
      expect(reminded.map((event) => (event.event.data as Body).id).sort()).toEqual(signers.map((signer) => signer.id).sort());
      for (const signer of signers) {
        const mail = await smtp.waitFor((candidate) => candidate.to.includes(signer.email) && candidate.subject.startsWith('Reminder:'), 20_000);
        expect(mail.subject).toBe('Reminder: "contract.pdf" is waiting for you to sign');
      }
    }
    expect(api.events.filter((event) => event.key === draft && event.event.event_type === 'recipient.reminder_sent')).toEqual([]);

    // The hourly limit is the remind route's own: a second round within the hour is refused by either.
    const again = await completed(((await submit({ operation: 'remind', envelope_ids: [first.id] })).body.batch as Body).id);
    expect(again.results).toEqual([{ index: 0, envelope_id: first.id, status: 'FAILED', error: { code: 'RATE_LIMITED', error: 'This recipient was reminded less than an hour ago' } }]);
    const ana = ((await session(api, first.tokens.ana as string)).body.recipient as Body).id as string;
    expect((await api.call('POST', `/api/v1/envelopes/${first.id}/recipients/${ana}/remind`, { key: KEYS.globex })).status).toBe(429);
  }, 600_000);

  it('voids every envelope of a void batch with the batch\'s reason, and takes a reason for void only', async () => {
    const sent = await sentEnvelope(api, KEYS.globex);
    const draft = await createdEnvelope('draft to void');
    expect((await submit({ operation: 'send', envelope_ids: [draft], reason: 'Not for sending' })).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'reason', message: 'is not taken by send' }] });
    expect((await submit({ operation: 'void', envelope_ids: [draft], reason: 'z'.repeat(501) })).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'reason' }] });
    expect(((await api.call('GET', `/api/v1/envelopes/${draft}`, { key: KEYS.globex })).body.envelope as Body).status).toBe('CREATED');

    const accepted = await submit({ operation: 'void', envelope_ids: [sent.id, draft], reason: ' Superseded by the 2027 terms ' });
    expect(accepted).toMatchObject({ status: 202, body: { batch: { operation: 'void', reason: 'Superseded by the 2027 terms' } } });
    const batch = await completed((accepted.body.batch as Body).id);
    expect(batch).toMatchObject({ succeeded: 2, failed: 0, reason: 'Superseded by the 2027 terms' });
    for (const id of [sent.id, draft]) {
      expect((await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope).toMatchObject({ status: 'VOIDED', void_reason: 'Superseded by the 2027 terms' });
      const voided = await waitFor(() => api.events.find((event) => event.key === id && event.event.event_type === 'envelope.voided'), 20_000, 'envelope.voided');
      expect((voided.event.data as Body).void_reason).toBe('Superseded by the 2027 terms');
    }
  }, 600_000);

  it('lists the tenant\'s batches newest first, page by page, with their progress and without results; another tenant sees none of them', async () => {
    const acmeBatch = ((await submit({ operation: 'void', envelope_ids: [await createdEnvelope('acme listed', KEYS.acmeSecond)] }, KEYS.acmeSecond)).body.batch as Body).id as string;
    const submitted: string[] = [];
    for (const name of ['listed 1', 'listed 2', 'listed 3']) {
      submitted.push(((await submit({ operation: 'void', envelope_ids: [await createdEnvelope(name)] })).body.batch as Body).id as string);
    }
    for (const id of submitted) await completed(id);
    const pages: Body[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${encodeURIComponent(cursor)}`;
      const page = await api.call('GET', `/api/v1/batches${query}`, { key: KEYS.globexSecond });
      expect(page.status).toBe(200);
      pages.push(page.body.batches as Body[]);
      cursor = page.body.next_cursor as string | null;
    } while (cursor !== null);
    const listed = pages.flat();
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(new Set(listed.map((batch) => batch.id)).size).toBe(listed.length);
    expect(listed.slice(0, 3).map((batch) => batch.id)).toEqual([...submitted].reverse());
    const newestFirst = [...listed].sort((a, b) => (b.created_at as string).localeCompare(a.created_at as string) || (b.id as string).localeCompare(a.id as string));
    expect(listed.map((batch) => batch.id)).toEqual(newestFirst.map((batch) => batch.id));
    expect(listed[0]).toEqual({
      id: submitted[2], operation: 'void', status: 'COMPLETED', total: 1, succeeded: 1, failed: 0, reason: null, created_at: expect.any(String), completed_at: expect.any(String)
    });
    for (const batch of listed) expect(batch).not.toHaveProperty('results');
    for (const batch of listed.slice(0, 3)) {
      const { results: _results, ...alone } = (await get(batch.id as string)).body.batch as Body;
      expect(batch).toEqual(alone);
    }

    const theirs = await api.call('GET', '/api/v1/batches?limit=100', { key: KEYS.acmeSecond });
    expect(theirs.status).toBe(200);
    const theirIds = (theirs.body.batches as Body[]).map((batch) => batch.id);
    expect(theirIds).toContain(acmeBatch);
    expect(theirIds.filter((id) => listed.some((batch) => batch.id === id))).toEqual([]);
    expect(listed.map((batch) => batch.id)).not.toContain(acmeBatch);
    expect((await api.call('GET', '/api/v1/batches?limit=0', { key: KEYS.globex })).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'limit' }] });
    expect((await api.call('GET', '/api/v1/batches?cursor=not-a-cursor', { key: KEYS.globex })).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'cursor' }] });
  }, 600_000);
});
