import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import { openDatabase } from '@signet/db';
import { hashSecretToken, type RequestContext } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import type { EnvelopeDeps } from '../src/envelope-deps';
import { issueSigningLink } from '../src/signing-links/issue-signing-link';
import { envelopeStore } from '../src/store/envelope-store';

const context: RequestContext = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_test' };

/** A recipient's signing link on request, as a plain function on a test clock. */
describe('issuing a signing link (PostgreSQL, a test clock)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EnvelopeDeps;
  let now: Date;
  const kept = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    deps = {
      db, store: envelopeStore(), clock: () => now, relay: { wake: () => undefined }, config: { publicBaseUrl: 'https://signet.example' },
      signingLinks: {
        current: async (_db: unknown, recipientId: string) => kept.get(recipientId) ?? null,
        keep: async (_trx: unknown, recipientId: string, url: string) => { kept.set(recipientId, url); }
      }
    } as unknown as EnvelopeDeps;
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  async function envelopeWithRecipient(status: 'CREATED' | 'IN_PROGRESS'): Promise<{ envelopeId: string; recipientId: string }> {
    const envelopeId = uuidv7();
    const recipientId = uuidv7();
    await db('envelopes').insert({
      id: envelopeId, tenant_id: 'acme', api_key_id: 'key-1', name: 'Lease', name_is_default: false, status,
      settings_overrides: '{}', settings: JSON.stringify(sampleSettings()), errors: '[]', warnings: '[]', created_at: now, updated_at: now
    });
    await db('recipients').insert({ id: recipientId, envelope_id: envelopeId, custom_key: 'ana', name: 'Ana', email: 'ana@example.com', order: 0, status: 'PENDING', created_at: now, updated_at: now });
    return { envelopeId, recipientId };
  }
  const events = async (envelopeId: string) => (await db('outbox').where({ key: envelopeId }).orderBy('id'))
    .map((row: { topic: string; headers: { occurredAt: string }; payload: { data: { signing_url?: string } } }) => [row.topic, row.headers.occurredAt, row.payload.data.signing_url ?? null]);

  it('hands out the current link, and with rotate a new one whose token replaces the old, each recorded at the clock\'s time', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const { envelopeId, recipientId } = await envelopeWithRecipient('IN_PROGRESS');
    const first = await issueSigningLink(deps, { context, envelopeId, recipientId, rotate: false });
    expect(first).toMatch(/^https:\/\/signet\.example\/sign\//);
    now = new Date('2026-11-21T10:05:00.000Z');
    expect(await issueSigningLink(deps, { context, envelopeId, recipientId, rotate: false })).toBe(first);
    now = new Date('2026-11-21T10:10:00.000Z');
    const rotated = await issueSigningLink(deps, { context, envelopeId, recipientId, rotate: true });
    expect(rotated).not.toBe(first);
    const recipient = await db('recipients').where({ id: recipientId }).first();
    expect(recipient.access_token_hash).toBe(hashSecretToken(rotated.split('/sign/')[1] as string));
    expect(await events(envelopeId)).toEqual([
      ['recipient.link_generated', '2026-11-21T10:00:00.000Z', first],
      ['recipient.link_requested', '2026-11-21T10:05:00.000Z', null],
      ['recipient.link_generated', '2026-11-21T10:10:00.000Z', rotated]
    ]);
  });

  it('refuses before sending (CONFLICT), and an unknown recipient or another tenant\'s envelope (NOT_FOUND)', async () => {
    const { envelopeId, recipientId } = await envelopeWithRecipient('CREATED');
    await expect(issueSigningLink(deps, { context, envelopeId, recipientId, rotate: false })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(issueSigningLink(deps, { context, envelopeId, recipientId: uuidv7(), rotate: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(issueSigningLink(deps, { context: { ...context, tenantId: 'globex' }, envelopeId, recipientId, rotate: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
