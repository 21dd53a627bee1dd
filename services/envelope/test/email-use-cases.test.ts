import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import { AppError, hashSecretToken, sealText } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import { bounceToken } from '../src/emails/bounce-token';
import type { EmailDeps } from '../src/emails/email-deps';
import { deriveEmailKeys } from '../src/emails/email-keys';
import { emailStore } from '../src/emails/email-store';
import { reportBounce } from '../src/emails/report-bounce';
import { trackEmailClick, trackEmailOpen } from '../src/emails/track-email';

const keys = deriveEmailKeys('test-internal-secret');
const emails = emailStore();
const SIGNING_URL = 'https://signet.example/sign/the-token';

/** Email tracking and bounce reports as plain functions: no express, time from the test's clock. */
describe('the email use cases (PostgreSQL, a test clock)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EmailDeps;
  let now: Date;
  let woken = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    deps = { db, emails, keys, clock: () => now, relay: { wake: () => { woken += 1; } } } as unknown as EmailDeps;
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  /** An invitation that went out, with its tracking token and the recipient's current signing link. */
  async function sentInvitation(): Promise<{ mailId: string; envelopeId: string; trackingToken: string }> {
    const envelopeId = uuidv7();
    const recipientId = uuidv7();
    const mailId = uuidv7();
    const trackingToken = `track-${mailId}`;
    await db('envelopes').insert({
      id: envelopeId, tenant_id: 'acme', api_key_id: 'key-1', name: 'Lease', name_is_default: false, status: 'IN_PROGRESS',
      settings_overrides: '{}', settings: '{}', errors: '[]', warnings: '[]', created_at: now, updated_at: now, sent_at: now
    });
    await db('recipients').insert({
      id: recipientId, envelope_id: envelopeId, custom_key: 'ana', name: 'Ana', email: 'ana@example.com', order: 0, status: 'IN_PROGRESS', created_at: now, updated_at: now
    });
    await db('lifecycle_mails').insert({
      id: mailId, tenant_id: 'acme', envelope_id: envelopeId, recipient_id: recipientId, kind: 'INVITATION', status: 'SENT',
      sealed: null, last_error: null, request_id: 'req_test', handed_at: now, sent_at: now, bounced_at: null, created_at: now
    });
    await db.transaction(async (trx) => {
      await emails.insertTracking(trx, hashSecretToken(trackingToken), mailId);
      await emails.saveSigningLink(trx, recipientId, sealText(keys.seal, SIGNING_URL, recipientId), now);
    });
    return { mailId, envelopeId, trackingToken };
  }

  const eventsOf = async (envelopeId: string, topic: string) =>
    (await db('outbox').where({ key: envelopeId, topic }).orderBy('id')).map((row: { headers: { occurredAt: string } }) => row.headers.occurredAt);

  it('records the first open and the first click at the clock\'s time, and only those', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const { envelopeId, trackingToken } = await sentInvitation();
    now = new Date('2026-11-21T10:05:00.000Z');
    await trackEmailOpen(deps, { token: trackingToken });
    expect(await trackEmailClick(deps, { token: trackingToken })).toEqual({ signingUrl: SIGNING_URL });
    now = new Date('2026-11-21T11:00:00.000Z');
    await trackEmailOpen(deps, { token: trackingToken });
    expect(await trackEmailClick(deps, { token: trackingToken })).toEqual({ signingUrl: SIGNING_URL });
    expect(await eventsOf(envelopeId, 'recipient.email_opened')).toEqual(['2026-11-21T10:05:00.000Z']);
    expect(await eventsOf(envelopeId, 'recipient.email_clicked')).toEqual(['2026-11-21T10:05:00.000Z']);
    expect(await db('email_tracking').where({ token_hash: hashSecretToken(trackingToken) }).first())
      .toMatchObject({ opened_at: new Date('2026-11-21T10:05:00.000Z'), clicked_at: new Date('2026-11-21T10:05:00.000Z') });
    expect(woken).toBeGreaterThan(0);
  });

  it('changes nothing for an unknown tracking token, and leads nowhere from it', async () => {
    const before = await db('outbox').count({ n: '*' }).first();
    await trackEmailOpen(deps, { token: 'never-sent' });
    expect(await trackEmailClick(deps, { token: 'never-sent' })).toBeNull();
    expect(await db('outbox').count({ n: '*' }).first()).toEqual(before);
  });

  it('records a bounce once, at the clock\'s time, and refuses a forged token', async () => {
    now = new Date('2026-11-21T12:00:00.000Z');
    const { mailId, envelopeId } = await sentInvitation();
    now = new Date('2026-11-21T12:30:00.000Z');
    await reportBounce(deps, { bounceToken: bounceToken(keys.bounce, mailId) });
    now = new Date('2026-11-21T13:00:00.000Z');
    await reportBounce(deps, { bounceToken: bounceToken(keys.bounce, mailId) });
    expect(await emails.find(db, mailId)).toMatchObject({ status: 'BOUNCED', bounced_at: new Date('2026-11-21T12:30:00.000Z') });
    expect(await eventsOf(envelopeId, 'recipient.email_bounced')).toEqual(['2026-11-21T12:30:00.000Z']);
    for (const forged of [bounceToken(deriveEmailKeys('another-secret').bounce, mailId), 42, 'x'.repeat(201), undefined]) {
      await expect(reportBounce(deps, { bounceToken: forged })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(reportBounce(deps, { bounceToken: 'nonsense' })).rejects.toBeInstanceOf(AppError);
  });
});
