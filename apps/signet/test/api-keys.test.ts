import { createSignetClient } from '@signet/sdk';
import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A tenant's API keys managed through the API by its admin keys (the configured keys are admins). */
describe('API keys through the API', () => {
  let api: TestSignet;

  const now = async (): Promise<Date> => new Date((await api.call('GET', '/dev/clock', { key: null })).body.now as string);
  const advance = async (duration: string) => expect((await api.call('POST', '/dev/clock', { key: null, json: { advance_by: duration } })).status).toBe(200);
  /** Whether a secret authenticates: a plain read of the key's settings. */
  const works = async (key: string) => (await api.call('GET', '/api/v1/settings', { key })).status;
  const list = async (admin: string = KEYS.acme): Promise<Body[]> => {
    const listed = await api.call('GET', '/api/v1/api_keys', { key: admin });
    expect(listed.status).toBe(200);
    return listed.body.api_keys as Body[];
  };
  const read = async (id: string, admin: string = KEYS.acme): Promise<Body> => {
    const found = await api.call('GET', `/api/v1/api_keys/${id}`, { key: admin });
    expect(found.status).toBe(200);
    return found.body.api_key as Body;
  };
  const create = async (json: Record<string, unknown>, admin: string = KEYS.acme): Promise<Body> => {
    const created = await api.call('POST', '/api/v1/api_keys', { key: admin, json });
    expect(created.status).toBe(200);
    return created.body.api_key as Body;
  };
  const rotate = async (id: string, json: Record<string, unknown> = {}): Promise<Body> => {
    const rotated = await api.call('POST', `/api/v1/api_keys/${id}/rotate`, { json });
    expect(rotated.status).toBe(200);
    return rotated.body.api_key as Body;
  };

  beforeAll(async () => {
    api = await startTestSignet({ SIGNET_TEST_CLOCK: 'true' });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it('creates a key of the caller\'s tenant and plan that works at once, showing its secret in that answer only', async () => {
    const created = await create({ name: ' CI pipeline ' });
    expect(created).toEqual({
      id: expect.any(String), name: 'CI pipeline', plan: 'starter', scopes: [], key: expect.stringMatching(/^sgn_/),
      key_prefix: `${(created.key as string).slice(0, 8)}…`, created_at: expect.any(String), last_used_at: null, revoked_at: null, previous_key_expires_at: null
    });
    expect(await works(created.key)).toBe(200);

    const listed = await list();
    expect(listed.map((key) => key.id)).toContain(created.id);
    // Its last use is written after the answer, and is not what this test is about.
    const { key: _secret, last_used_at: _lastUsed, ...view } = created;
    const { last_used_at: _readLastUsed, ...readBack } = await read(created.id);
    expect(readBack).toEqual(view);
    for (const answer of [listed, await read(created.id)]) {
      expect(JSON.stringify(answer)).not.toContain(created.key);
      expect(JSON.stringify(answer)).not.toMatch(/key_hash|"key"/);
    }
  });

  it('makes an admin key only when asked, and refuses a scope it does not know', async () => {
    const admin = await create({ name: 'console', scopes: ['admin'] });
    expect(admin.scopes).toEqual(['admin']);
    expect((await list(admin.key)).map((key) => key.id)).toContain(admin.id);
    const before = await list();
    const refused = await api.call('POST', '/api/v1/api_keys', { json: { name: 'owner', scopes: ['owner'] } });
    expect(refused).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED', details: [{ field: 'scopes.0' }] } });
    expect((await api.call('POST', '/api/v1/api_keys', { json: { name: '   ' } })).status).toBe(422);
    expect(await list()).toEqual(before.map((key) => expect.objectContaining({ id: key.id })));
  });

  it('creates a key once for a repeated Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'create-key-once' };
    const first = await api.call('POST', '/api/v1/api_keys', { json: { name: 'retried' }, headers });
    const again = await api.call('POST', '/api/v1/api_keys', { json: { name: 'retried' }, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.api_key).toEqual(first.body.api_key);
    expect((await list()).filter((key) => key.name === 'retried')).toHaveLength(1);
  });

  it('shows when a key last authenticated a request, written at most once a minute', async () => {
    const key = await create({ name: 'polling' });
    expect((await read(key.id)).last_used_at).toBeNull();
    // Every write of the key's last use, as the database sees it: the test's own observer.
    await api.tables.raw('CREATE TABLE gateway.test_last_used_writes (api_key_id text, at timestamptz)');
    await api.tables.raw(`CREATE FUNCTION gateway.test_record_last_used() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO gateway.test_last_used_writes VALUES (NEW.id, NEW.last_used_at); RETURN NEW; END $$`);
    await api.tables.raw('CREATE TRIGGER test_record_last_used AFTER UPDATE OF last_used_at ON gateway.api_keys FOR EACH ROW EXECUTE FUNCTION gateway.test_record_last_used()');

    const before = await now();
    expect(await works(key.key)).toBe(200);
    const firstUse: string = await waitFor(async () => (await read(key.id)).last_used_at, 10_000, 'the first use recorded');
    expect(new Date(firstUse).getTime()).toBeGreaterThanOrEqual(before.getTime());

    await advance('PT30S');
    for (let request = 0; request < 3; request += 1) expect(await works(key.key)).toBe(200);
    await advance('PT31S');
    expect(await works(key.key)).toBe(200);
    const secondUse: string = await waitFor(async () => {
      const lastUsed = (await read(key.id)).last_used_at;
      return lastUsed !== firstUse && lastUsed;
    }, 10_000, 'the use a minute later recorded');
    expect(new Date(secondUse).getTime() - new Date(firstUse).getTime()).toBeGreaterThanOrEqual(61_000);
    const writes = await api.tables('gateway.test_last_used_writes').where({ api_key_id: key.id }).orderBy('at').select('at');
    expect(writes.map((write) => write.at.toISOString())).toEqual([firstUse, secondUse]);
  });

  it('revokes a key: refused at once, still listed as revoked; revoking it again is 404', async () => {
    const key = await create({ name: 'leaked' });
    expect(await works(key.key)).toBe(200);
    expect((await api.call('DELETE', `/api/v1/api_keys/${key.id}`)).body).toMatchObject({ success: true });
    expect(await works(key.key)).toBe(401);
    expect((await read(key.id)).revoked_at).toEqual(expect.any(String));
    expect((await api.call('DELETE', `/api/v1/api_keys/${key.id}`)).status).toBe(404);
    expect((await api.call('POST', `/api/v1/api_keys/${key.id}/rotate`)).status).toBe(404);
  });

  it('lets an admin key revoke itself', async () => {
    const admin = await create({ name: 'short-lived admin', scopes: ['admin'] });
    expect((await api.call('DELETE', `/api/v1/api_keys/${admin.id}`, { key: admin.key })).status).toBe(200);
    expect(await works(admin.key)).toBe(401);
  });

  it('rotates a key: the same key with its settings, the previous secret working until the overlap ends on Signet\'s clock', async () => {
    const original = await create({ name: 'rotating' });
    const changed = await api.call('PUT', '/api/v1/settings', { key: original.key, json: { documents: { document_id_enabled: false } } });
    expect(changed.status).toBe(200);
    expect(await works(original.key)).toBe(200);

    const before = await now();
    const rotated = await rotate(original.id, { overlap_minutes: 5 });
    expect(rotated).toMatchObject({ id: original.id, name: 'rotating', scopes: [], key: expect.stringMatching(/^sgn_/), key_prefix: `${(rotated.key as string).slice(0, 8)}…` });
    expect(rotated.key).not.toBe(original.key);
    expect(new Date(rotated.previous_key_expires_at).getTime() - before.getTime()).toBeGreaterThanOrEqual(5 * 60_000);
    expect((await read(original.id)).previous_key_expires_at).toBe(rotated.previous_key_expires_at);
    expect(JSON.stringify(await list())).not.toContain(rotated.key);

    const settings = await api.call('GET', '/api/v1/settings', { key: rotated.key });
    expect(settings.body.settings).toMatchObject({ documents: { document_id_enabled: false } });
    expect(await works(original.key)).toBe(200);
    await advance('PT4M');
    expect(await works(original.key)).toBe(200);
    await advance('PT61S');
    expect(await works(original.key)).toBe(401);
    expect(await works(rotated.key)).toBe(200);
    expect((await read(original.id)).previous_key_expires_at).toBeNull();
  });

  it('drops the older secret when a key is rotated again within the overlap, and ends the previous one at once with no overlap', async () => {
    const first = await create({ name: 'rotated twice' });
    const second = await rotate(first.id);
    expect(new Date(second.previous_key_expires_at).getTime() - new Date(second.created_at).getTime()).toBeGreaterThanOrEqual(60 * 60_000);
    expect(await works(first.key)).toBe(200);
    const third = await rotate(first.id);
    expect(await works(first.key)).toBe(401);
    expect(await works(second.key)).toBe(200);
    const fourth = await rotate(first.id, { overlap_minutes: 0 });
    expect(fourth.previous_key_expires_at).toBeNull();
    expect(await works(third.key)).toBe(401);
    expect(await works(second.key)).toBe(401);
    expect(await works(fourth.key)).toBe(200);
  });

  it('refuses an overlap out of range and changes nothing', async () => {
    const key = await create({ name: 'kept' });
    for (const overlap of [-1, 10_081, 1.5]) {
      const refused = await api.call('POST', `/api/v1/api_keys/${key.id}/rotate`, { json: { overlap_minutes: overlap } });
      expect(refused).toMatchObject({ status: 422, body: { details: [{ field: 'overlap_minutes' }] } });
    }
    expect(await works(key.key)).toBe(200);
    expect((await read(key.id)).key_prefix).toBe(key.key_prefix);
  });

  it('refuses a key without the admin scope (403) and changes nothing', async () => {
    const plain = await create({ name: 'no scope' });
    const other = await create({ name: 'bystander' });
    const before = await list();
    const attempts = [
      await api.call('GET', '/api/v1/api_keys', { key: plain.key }),
      await api.call('GET', `/api/v1/api_keys/${other.id}`, { key: plain.key }),
      await api.call('POST', '/api/v1/api_keys', { key: plain.key, json: { name: 'escalated', scopes: ['admin'] } }),
      await api.call('DELETE', `/api/v1/api_keys/${other.id}`, { key: plain.key }),
      await api.call('POST', `/api/v1/api_keys/${other.id}/rotate`, { key: plain.key, json: { overlap_minutes: 0 } })
    ];
    expect(attempts.map((answer) => [answer.status, answer.body.code])).toEqual(Array(5).fill([403, 'FORBIDDEN']));
    expect(await list()).toEqual(before.map((key) => expect.objectContaining({ id: key.id, key_prefix: key.key_prefix, revoked_at: key.revoked_at })));
    expect(await works(other.key)).toBe(200);
  });

  it('never shows or touches another tenant\'s key: its id is 404', async () => {
    const acme = await create({ name: 'acme only' });
    expect((await list(KEYS.globex)).map((key) => key.id)).not.toContain(acme.id);
    expect((await api.call('GET', `/api/v1/api_keys/${acme.id}`, { key: KEYS.globex })).status).toBe(404);
    expect((await api.call('DELETE', `/api/v1/api_keys/${acme.id}`, { key: KEYS.globex })).status).toBe(404);
    expect((await api.call('POST', `/api/v1/api_keys/${acme.id}/rotate`, { key: KEYS.globex, json: { overlap_minutes: 0 } })).status).toBe(404);
    expect(await works(acme.key)).toBe(200);
    expect((await read(acme.id)).key_prefix).toBe(acme.key_prefix);
    expect((await api.call('GET', '/api/v1/api_keys/not-a-key-id')).status).toBe(404);
  });

  it('gives the key a globex admin creates the enterprise plan of its caller', async () => {
    expect((await create({ name: 'globex ci' }, KEYS.globex)).plan).toBe('enterprise');
  });

  it('is what the SDK\'s apiKeys methods call', async () => {
    const signet = createSignetClient({ baseUrl: api.url, apiKey: KEYS.acmeSecond });
    const created = await signet.apiKeys.create({ name: 'from the SDK' });
    expect(created.plan).toBe('professional');
    expect((await signet.apiKeys.list()).map((key) => key.id)).toContain(created.id);
    expect(await signet.apiKeys.get(created.id)).toMatchObject({ id: created.id, name: 'from the SDK' });
    const rotated = await signet.apiKeys.rotate(created.id, { overlapMinutes: 0 });
    expect(await works(created.key)).toBe(401);
    await signet.apiKeys.revoke(created.id);
    expect(await works(rotated.key)).toBe(401);
    await expect(createSignetClient({ baseUrl: api.url, apiKey: rotated.key }).apiKeys.list()).rejects.toMatchObject({ status: 401 });
  });
});
