import knex, { Knex } from 'knex';
import { samplePdf, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';

type Form = Record<string, string>;
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Idempotency-Key on POST and PUT, through the gateway, on an injected clock that only moves forward. */
describe('Idempotency-Key through the gateway', () => {
  const clock = { offsetMs: 0 };
  let api: TestSignet;
  let db: Knex;
  let pdf: Buffer;

  const form = (name: string): Form => ({
    name,
    'documents[0][base64]': pdf.toString('base64'),
    'recipients[0][email]': 'ana@example.com',
    'recipients[0][name]': 'Ana Lima'
  });
  const create = (body: Form, idempotencyKey: string, key: string = KEYS.globex) =>
    api.call('POST', '/api/v1/envelopes', { key, form: body, headers: { 'Idempotency-Key': idempotencyKey } });
  const envelopesNamed = async (name: string): Promise<string[]> =>
    (await db('envelope.envelopes').where({ name }).select('id')).map((row: { id: string }) => row.id);
  const createdEventsOf = (ids: string[]) => api.events.filter((event) => event.event.event_type === 'envelope.created' && ids.includes(event.key));

  /** Every event published before this one has been seen: the bus keeps one producer's order per key only, so wait for a fresh envelope. */
  async function allEventsSeen(): Promise<void> {
    const sentinel = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: form('sentinel') });
    await waitFor(() => createdEventsOf([(sentinel.body.envelope as Body).id]).length === 1, 20_000);
  }

  beforeAll(async () => {
    api = await startTestSignet({}, undefined, () => new Date(Date.now() + clock.offsetMs));
    db = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string });
    pdf = await samplePdf({});
  });

  afterAll(async () => {
    await db.destroy();
    await api.close();
  });

  it('20 concurrent creates with one key make one envelope and one event; the others are replays or 409', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(form('concurrent'), 'concurrent-key')));
    const ids = await envelopesNamed('concurrent');
    expect(ids).toHaveLength(1);
    const first = answers.filter((answer) => answer.status === 200 && answer.headers.get('idempotent-replayed') === null);
    const replayed = answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true');
    const busy = answers.filter((answer) => answer.status === 409);
    expect(first).toHaveLength(1);
    expect(first.length + replayed.length + busy.length).toBe(20);
    for (const answer of replayed) expect(answer).toMatchObject({ status: 200, body: first[0]?.body });
    for (const answer of busy) expect(answer.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    expect((first[0]?.body.envelope as Body).id).toBe(ids[0]);
    await allEventsSeen();
    expect(createdEventsOf(ids)).toHaveLength(1);
  });

  it('replays the first answer exactly to the same request, even with a new multipart boundary', async () => {
    const first = await create(form('replayed'), 'replay-key');
    const again = await create(form('replayed'), 'replay-key');
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await envelopesNamed('replayed')).toHaveLength(1);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED to another body or another route with a used key', async () => {
    const first = await create(form('reused'), 'reused-key');
    expect(first.status).toBe(200);
    const otherBody = await create(form('reused but different'), 'reused-key');
    expect(otherBody).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED', request_id: expect.any(String) } });
    const otherRoute = await api.call('POST', `/api/v1/envelopes/${(first.body.envelope as Body).id}/send_invitation`, { key: KEYS.globex, headers: { 'Idempotency-Key': 'reused-key' } });
    expect(otherRoute).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(((await api.call('GET', `/api/v1/envelopes/${(first.body.envelope as Body).id}`, { key: KEYS.globex })).body.envelope as Body).status).toBe('CREATED');
    expect(await envelopesNamed('reused but different')).toHaveLength(0);
  });

  it('sends an envelope once however often the send is retried, and replays PUT void answers', async () => {
    const envelope = (await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: form('sent once') })).body.envelope as Body;
    const send = () => api.call('POST', `/api/v1/envelopes/${envelope.id}/send_invitation`, { key: KEYS.globex, headers: { 'Idempotency-Key': 'send-once' } });
    expect(await send()).toMatchObject({ status: 200, body: { success: true } });
    expect(await send()).toMatchObject({ status: 200, body: { success: true } });
    const voidIt = () => api.call('PUT', `/api/v1/envelopes/${envelope.id}/void`, { key: KEYS.globex, headers: { 'Idempotency-Key': 'void-once' } });
    const voided = await voidIt();
    expect(voided).toMatchObject({ status: 200, body: { envelope: { status: 'VOIDED' } } });
    expect((await voidIt()).body).toEqual(voided.body);
    await allEventsSeen();
    expect(api.events.filter((event) => event.key === envelope.id && event.event.event_type === 'envelope.in_progress')).toHaveLength(1);
  });

  it('updates an envelope with the body of a PUT that carries a key (multipart and urlencoded), replays it, and refuses JSON at once', async () => {
    const envelope = (await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: form('before the update') })).body.envelope as Body;
    const path = `/api/v1/envelopes/${envelope.id}`;
    const update = { name: 'after the update', 'recipients[0][email]': 'bea@example.com', 'recipients[0][name]': 'Bea Ruiz', 'documents[0][base64]': pdf.toString('base64') };
    const put = () => api.call('PUT', path, { key: KEYS.globex, form: update, headers: { 'Idempotency-Key': 'update-multipart' } });
    const updated = await put();
    expect(updated).toMatchObject({ status: 200, body: { envelope: { name: 'after the update', status: 'CREATED', envelope_signers: [{ email: 'bea@example.com' }] } } });
    expect(updated.headers.get('idempotent-replayed')).toBeNull();
    const again = await put();
    expect(again).toMatchObject({ status: 200, body: updated.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const urlencoded = await fetch(`${api.url}${path}`, {
      method: 'PUT', headers: { authorization: KEYS.globex, 'idempotency-key': 'update-urlencoded', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'renamed in a urlencoded form' })
    });
    expect(urlencoded.status).toBe(200);
    expect(((await urlencoded.json()) as Body).envelope).toMatchObject({ name: 'renamed in a urlencoded form' });

    const json = await api.call('PUT', path, { key: KEYS.globex, json: { name: 'as JSON' }, headers: { 'Idempotency-Key': 'update-json' } });
    expect(json).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect((await db('envelope.envelopes').where({ id: envelope.id }).first()).name).toBe('renamed in a urlencoded form');
  });

  it('replays a retried upload PUT (a streamed PDF) instead of refusing the used upload URL, and refuses other bytes', async () => {
    const envelope = (await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: { 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana' } })).body.envelope as Body;
    const upload = (await api.call('POST', `/api/v1/envelopes/${envelope.id}/uploads`, { key: KEYS.globex, json: { file_name: 'annex.pdf', order: 0 } })).body.upload as Body;
    const put = async (bytes: Buffer) => {
      const response = await fetch(upload.upload_url, { method: 'PUT', headers: { authorization: KEYS.globex, 'content-type': 'application/pdf', 'idempotency-key': 'upload-key' }, body: bytes });
      return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: await response.text() };
    };
    const first = await put(pdf);
    expect(first.status).toBe(200);
    expect(await put(pdf)).toEqual({ status: 200, replayed: 'true', body: first.body });
    expect((await put(Buffer.concat([pdf, Buffer.from('\n')]))).status).toBe(422);
  });

  it('scopes keys to the API key: another key (same tenant or not) with the same Idempotency-Key runs its own request', async () => {
    const mine = await create(form('scoped'), 'scoped-key', KEYS.globex);
    const sameTenant = await create(form('scoped'), 'scoped-key', KEYS.globexSecond);
    const otherTenant = await create(form('scoped'), 'scoped-key', KEYS.acmeSecond);
    for (const answer of [mine, sameTenant, otherTenant]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(new Set([mine, sameTenant, otherTenant].map((answer) => (answer.body.envelope as Body).id)).size).toBe(3);
  });

  it('refuses an empty or over-long key with 422 and field details', async () => {
    const answer = await create(form('bad key'), 'k'.repeat(256));
    expect(answer).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED', details: [{ field: 'Idempotency-Key' }] } });
  });

  it('keeps no 429: once the plan allows again, a retry with the key runs', async () => {
    const limited: Array<{ status: number }> = [];
    for (let index = 0; index < 11; index += 1) limited.push(await api.call('POST', '/api/v1/envelopes', { key: KEYS.acme, form: form(`limit ${index}`) }));
    expect(limited.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    expect((await create(form('after the limit'), 'limited-key', KEYS.acme)).status).toBe(429);
    clock.offsetMs += 2 * 3_600_000 + 60_000;
    const retried = await create(form('after the limit'), 'limited-key', KEYS.acme);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('lets a retry take over a key whose request stopped renewing its lease (a gateway replica that died)', async () => {
    const probe = (await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: form('whose key') })).body.envelope as Body;
    const apiKeyId = (await db('envelope.envelopes').where({ id: probe.id }).first()).api_key_id as string;
    const now = new Date(Date.now() + clock.offsetMs);
    await db('gateway.idempotency_keys').insert({
      api_key_id: apiKeyId, key: 'orphaned-key', method: 'POST', path: '/api/v1/envelopes', state: 'RUNNING', owner: 'dead-replica',
      lease_until: new Date(now.getTime() + 60_000), created_at: now, expires_at: new Date(now.getTime() + 86_400_000)
    });
    const attempt = () => create(form('orphaned'), 'orphaned-key', KEYS.globex);
    const first = await attempt();
    expect(first).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_IN_USE' } });
    expect(first.headers.get('retry-after')).toBe('1');
    clock.offsetMs += 61_000;
    expect((await attempt()).status).toBe(200);
    expect(await envelopesNamed('orphaned')).toHaveLength(1);
  });

  it('makes one envelope when the first answer was lost after the commit (the part killed, the gateway answered 502) and the client retries', async () => {
    const first = await create(form('answer lost'), 'lost-answer-key');
    expect(first.status).toBe(200);
    // What the gateway does when the part dies after its commit: it answers 502 and lets the key go.
    await db('gateway.idempotency_keys').where({ key: 'lost-answer-key' }).delete();
    const retry = await create(form('answer lost'), 'lost-answer-key');
    expect(retry.status).toBe(200);
    expect((retry.body.envelope as Body).id).toBe((first.body.envelope as Body).id);
    await db('gateway.idempotency_keys').where({ key: 'lost-answer-key' }).delete();
    expect(await create(form('something else'), 'lost-answer-key')).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await envelopesNamed('something else')).toHaveLength(0);
    const ids = await envelopesNamed('answer lost');
    expect(ids).toHaveLength(1);
    await allEventsSeen();
    expect(createdEventsOf(ids)).toHaveLength(1);
  });

  it('forgets a key after 24 hours: the same key may then carry a new request', async () => {
    expect((await create(form('day one'), 'daily-key')).status).toBe(200);
    expect((await create(form('day two'), 'daily-key')).status).toBe(422);
    clock.offsetMs += 24 * 3_600_000 + 1000;
    const nextDay = await create(form('day two'), 'daily-key');
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.get('idempotent-replayed')).toBeNull();
  });
});
