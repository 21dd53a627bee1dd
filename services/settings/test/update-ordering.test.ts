import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { settingsMigrations } from '../migrations';
import { settingsRepository, type SettingsRepository } from '../src/settings-repository';
import { updateSettings } from '../src/update-settings';

const context = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req-1' };

/**
 * Two PUT /settings of one key: the one that started first (read the clock first) may reach the row
 * lock second, e.g. after waiting for a pool connection. What is stored last must carry the latest
 * updated_at, and the settings.updated events must not go back in time.
 */
describe('concurrent PUT /settings of one key (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'settings', migrations: settingsMigrations });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('keeps both changes and stamps the later-applied one with the later time', async () => {
    let tick = 0;
    const clock = () => new Date(Date.UTC(2026, 10, 21, 10, 0, tick++));
    const real = settingsRepository(db);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let reachedLock: () => void = () => undefined;
    const atLock = new Promise<void>((resolve) => { reachedLock = resolve; });
    const slowRepository: SettingsRepository = {
      ...real,
      async lockOverrides(...args) {
        reachedLock();
        await gate;
        return real.lockOverrides(...args);
      }
    };

    const slowDone = updateSettings({ db, repository: slowRepository, clock, onCommitted: () => undefined }, { context, body: { branding: { name: 'Acme' } } });
    await atLock;
    await updateSettings({ db, repository: real, clock, onCommitted: () => undefined }, { context, body: { signature_flow: { language: 'ES' } } });
    release();
    await slowDone;

    const row = await db('api_key_settings').where({ api_key_id: 'key-1' }).first();
    expect(row.overrides).toEqual({ branding: { name: 'Acme' }, signature_flow: { language: 'ES' } });
    const events = await db('outbox').where({ topic: 'settings.updated' }).orderBy('id');
    expect(events).toHaveLength(2);
    const [first, last] = events.map((event) => event.payload.data);
    expect(last.settings.branding.name).toBe('Acme');
    expect(new Date(last.updated_at).getTime()).toBeGreaterThan(new Date(first.updated_at).getTime());
    expect(row.updated_at.toISOString()).toBe(last.updated_at);
  });
});
