import { openDatabase, schemaNameFor } from '@signet/db';
import { apiKeyRepositoryFor, gatewayMigrations, runKeysCli } from '@signet/gateway';
import type { Knex } from 'knex';
import { waitFor } from '@signet/testkit';
import { startTestSignet, TestSignet } from './harness';

describe('signet keys (API key management CLI)', () => {
  let api: TestSignet;
  let db: Knex;
  const output: string[] = [];
  const run = (...args: string[]) => runKeysCli(args, { keys: apiKeyRepositoryFor(db), print: (line) => output.push(line), now: () => new Date() });

  beforeAll(async () => {
    api = await startTestSignet();
    db = await openDatabase({ url: api.signet.config.databaseUrl as string, schema: schemaNameFor('gateway'), migrations: gatewayMigrations });
  });

  afterAll(async () => {
    await db.destroy();
    await api.close();
  });

  it('creates a key that works at once, shows it once, lists it without the secret, and revokes it', async () => {
    expect(await run('create', '--tenant', 'initech', '--plan', 'professional', '--name', 'ci')).toBe(0);
    const key = /API key \(shown once, store it now\): (\S+)/.exec(output.join('\n'))?.[1] as string;
    const id = /created key (\S+)/.exec(output.join('\n'))?.[1] as string;
    expect(key).toMatch(/^sgn_/);
    expect((await api.call('GET', '/api/v1/settings', { key })).status).toBe(200);

    output.length = 0;
    expect(await run('list', '--tenant', 'initech')).toBe(0);
    expect(output).toHaveLength(1);
    expect(output[0]).toContain(id);
    expect(output[0]).toContain('plan=professional');
    expect(output[0]).toContain('scopes=-');
    expect(output.join('\n')).not.toContain(key);
    // Without --admin the key cannot manage keys through the API.
    expect((await api.call('GET', '/api/v1/api_keys', { key })).status).toBe(403);

    expect(await run('revoke', id)).toBe(0);
    // The gateway had the key cached; the revocation's notification makes it forget the key.
    await waitFor(async () => (await api.call('GET', '/api/v1/settings', { key })).status === 401, 20000, 'the revoked key refused');
  });

  it('stores only a hash of the key', async () => {
    output.length = 0;
    await run('create', '--tenant', 'initech', '--plan', 'starter');
    const key = /: (sgn_\S+)/.exec(output.join('\n'))?.[1] as string;
    const rows = await db('api_keys').select('*');
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('gives an enterprise key its own envelope limits, enforced by the gateway', async () => {
    output.length = 0;
    expect(await run('create', '--tenant', 'umbrella', '--plan', 'enterprise', '--envelopes-per-hour', '2', '--envelopes-per-day', '5')).toBe(0);
    const key = /: (sgn_\S+)/.exec(output.join('\n'))?.[1] as string;
    const form = { 'recipients[0][email]': 'a@example.com', 'recipients[0][name]': 'A' };
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await api.call('POST', '/api/v1/envelopes', { key, form })).status);
    expect(statuses).toEqual([200, 200, 429]);
    output.length = 0;
    await run('list', '--tenant', 'umbrella');
    expect(output[0]).toContain('limits=2/h,5/day');
  });

  it('creates an admin key with --admin, which manages its tenant\'s keys through the API', async () => {
    output.length = 0;
    expect(await run('create', '--tenant', 'hooli', '--plan', 'starter', '--name', 'console', '--admin')).toBe(0);
    const key = /: (sgn_\S+)/.exec(output.join('\n'))?.[1] as string;
    expect(output[0]).toMatch(/\(starter, admin\)$/);
    const listed = await api.call('GET', '/api/v1/api_keys', { key });
    expect(listed.status).toBe(200);
    expect(listed.body.api_keys).toEqual([expect.objectContaining({ name: 'console', scopes: ['admin'], plan: 'starter' })]);
    output.length = 0;
    await run('list', '--tenant', 'hooli');
    expect(output[0]).toContain('scopes=admin');
  });

  it('gives a key an enterprise admin key creates through the API that key\'s own limits', async () => {
    output.length = 0;
    expect(await run('create', '--tenant', 'stark', '--plan', 'enterprise', '--admin', '--envelopes-per-hour', '1', '--envelopes-per-day', '5')).toBe(0);
    const admin = /: (sgn_\S+)/.exec(output.join('\n'))?.[1] as string;
    const created = await api.call('POST', '/api/v1/api_keys', { key: admin, json: { name: 'ci' } });
    expect(created.body.api_key).toMatchObject({ plan: 'enterprise', scopes: [] });
    const form = { 'recipients[0][email]': 'a@example.com', 'recipients[0][name]': 'A' };
    expect((await api.call('POST', '/api/v1/envelopes', { key: admin, form })).status).toBe(200);
    // The tenant's hour is spent: with the plan's default limits instead of the admin's, the new key could go on.
    const key = (created.body.api_key as { key: string }).key;
    expect((await api.call('POST', '/api/v1/envelopes', { key, form })).status).toBe(429);
    output.length = 0;
    await run('list', '--tenant', 'stark');
    expect(output[1]).toContain('limits=1/h,5/day');
  });

  it('refuses limits on a key that is not enterprise', async () => {
    output.length = 0;
    expect(await run('create', '--tenant', 'initech', '--plan', 'starter', '--envelopes-per-hour', '99')).toBe(2);
  });

  it('refuses an unknown plan with the usage', async () => {
    output.length = 0;
    expect(await run('create', '--tenant', 'initech', '--plan', 'gold')).toBe(2);
    expect(output.join('\n')).toMatch(/usage:/);
  });
});
