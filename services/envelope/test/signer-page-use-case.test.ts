import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import { openDatabase } from '@signet/db';
import { hashSecretToken } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import type { EnvelopeDeps } from '../src/envelope-deps';
import { loadSignerPage } from '../src/signer-page/load-signer-page';
import { envelopeStore } from '../src/store/envelope-store';

/** The signer page as a plain function: the page's HTML, whether the link exists, and who may frame it. */
describe('loading the signer page (PostgreSQL, a test clock)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EnvelopeDeps;
  const now = new Date('2026-11-21T10:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    deps = { db, store: envelopeStore(), clock: () => now, links: async () => null, config: { publicBaseUrl: 'https://signet.example' } } as unknown as EnvelopeDeps;
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  /** An envelope in `status` whose one recipient holds `token` (revoked when the envelope was voided). */
  async function envelopeWith(token: string, status: 'IN_PROGRESS' | 'VOIDED', embedOrigins: string | null): Promise<void> {
    const id = uuidv7();
    const settings = sampleSettings();
    settings.signature_flow.embed_origins = embedOrigins;
    await db('envelopes').insert({
      id, tenant_id: 'acme', api_key_id: 'key-1', name: 'Lease of the flat', name_is_default: false, status,
      settings_overrides: '{}', settings: JSON.stringify(settings), errors: '[]', warnings: '[]', created_at: now, updated_at: now, sent_at: now
    });
    await db('recipients').insert({
      id: uuidv7(), envelope_id: id, custom_key: 'ana', name: 'Ana Lima', email: 'ana@example.com', order: 0, created_at: now, updated_at: now,
      status: status === 'VOIDED' ? 'PENDING' : 'IN_PROGRESS', access_token_hash: hashSecretToken(token), access_revoked_at: status === 'VOIDED' ? now : null
    });
  }

  it('is the recipient\'s page, framed only by the envelope\'s embed origins', async () => {
    await envelopeWith('ready-token', 'IN_PROGRESS', 'https://app.example.com, https://crm.example.com');
    const page = await loadSignerPage(deps, { token: 'ready-token', requestId: 'req_test' });
    expect(page).toMatchObject({ found: true, frameAncestors: ['https://app.example.com', 'https://crm.example.com'] });
    expect(page.html).toContain('Lease of the flat');
    expect(page.html).toContain('Ana Lima');
  });

  it('says a revoked link\'s envelope was voided, and that a link that never was is not valid', async () => {
    await envelopeWith('voided-token', 'VOIDED', null);
    const voided = await loadSignerPage(deps, { token: 'voided-token', requestId: 'req_test' });
    expect(voided).toMatchObject({ found: true, frameAncestors: [] });
    expect(voided.html).toContain('data-state="VOIDED"');
    const unknown = await loadSignerPage(deps, { token: 'never-issued', requestId: 'req_test' });
    expect(unknown).toMatchObject({ found: false, frameAncestors: [] });
    expect(unknown.html).not.toContain('Lease of the flat');
  });
});
