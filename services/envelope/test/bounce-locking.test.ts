import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import { sealText } from '@signet/http';
import { createLogger } from '@signet/log';
import { type Mailer, MailRejectedError } from '@signet/mail';
import { createTestDatabase, lockWaiters, TestDatabase, waitFor } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import { bounceToken } from '../src/emails/bounce-token';
import { deliverLifecycleMail } from '../src/emails/deliver-lifecycle-mail';
import type { EmailDeps } from '../src/emails/email-deps';
import { deriveEmailKeys } from '../src/emails/email-keys';
import { emailStore, type LifecycleMailRow } from '../src/emails/email-store';
import { reportBounce } from '../src/emails/report-bounce';
import { writeEmailEvent } from '../src/emails/email-events';
import { envelopeStore } from '../src/store/envelope-store';

const keys = deriveEmailKeys('test-internal-secret');
const emails = emailStore();
const refusingMailer: Mailer = { send: async (message) => { throw new MailRejectedError(String(message.to), '550 Mailbox unavailable', 550); } };

/**
 * A bounce report (the provider's notice of an earlier attempt that got out) and the worker's own
 * bounce (the server refusing this attempt) both end one invitation: recipient.email_bounced is
 * recorded once, whichever comes first and however they overlap.
 */
describe('bouncing a lifecycle email twice (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EmailDeps;
  const now = new Date('2026-11-21T10:00:00.000Z');

  /** An invitation being retried: an earlier attempt was handed to the server (and may have got out). */
  async function queuedInvitation(): Promise<LifecycleMailRow> {
    const envelopeId = uuidv7();
    const recipientId = uuidv7();
    await db('envelopes').insert({
      id: envelopeId, tenant_id: 'acme', api_key_id: 'key-1', name: 'Contract', name_is_default: false, status: 'IN_PROGRESS',
      settings_overrides: '{}', settings: '{}', errors: '[]', warnings: '[]', created_at: now, updated_at: now, sent_at: now
    });
    await db('recipients').insert({
      id: recipientId, envelope_id: envelopeId, custom_key: 'ana', name: 'Ana', email: 'ana@example.com', order: 0, status: 'IN_PROGRESS',
      created_at: now, updated_at: now
    });
    const id = uuidv7();
    const message = { to: 'ana@example.com', from: 'no-reply@signet.localhost', subject: 'Sign', text: 'sign', html: '<p>sign</p>' };
    await db('lifecycle_mails').insert({
      id, tenant_id: 'acme', envelope_id: envelopeId, recipient_id: recipientId, kind: 'INVITATION', status: 'PENDING',
      sealed: sealText(keys.seal, JSON.stringify(message), id), last_error: 'timeout', request_id: 'req_test',
      handed_at: new Date(now.getTime() - 60_000), sent_at: null, bounced_at: null, created_at: now
    });
    return await emails.find(db, id) as LifecycleMailRow;
  }

  async function report(mailId: string): Promise<void> {
    await reportBounce(deps, { bounceToken: bounceToken(keys.bounce, mailId) });
  }

  const bounces = () => db('outbox').where({ topic: 'recipient.email_bounced' });

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    deps = {
      db, emails, keys, mailer: refusingMailer, log: createLogger({ level: 'silent' }), clock: () => now, store: envelopeStore(),
      relay: { wake: () => undefined }
    } as unknown as EmailDeps;
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('records nothing more when the server refuses a mail whose bounce was already reported', async () => {
    const mail = await queuedInvitation();
    await report(mail.id);
    await deliverLifecycleMail(deps, mail.id);
    expect(await bounces()).toHaveLength(1);
    expect((await emails.find(db, mail.id))?.status).toBe('BOUNCED');
  });

  it('does not send again a mail whose bounce was reported before its retry', async () => {
    const mail = await queuedInvitation();
    await report(mail.id);
    const sent: unknown[] = [];
    await deliverLifecycleMail({ ...deps, mailer: { send: async (message) => (sent.push(message), { messageId: '<1@test>', accepted: true }) } }, mail.id);
    expect(sent).toEqual([]);
    expect(await emails.find(db, mail.id)).toMatchObject({ status: 'BOUNCED', bounced_at: now, sent_at: null });
    expect(await db('outbox').where({ topic: 'recipient.email_received' })).toHaveLength(0);
  });

  it('records nothing more when the server refuses a mail while its bounce report is being recorded', async () => {
    const mail = await queuedInvitation();
    const reporting = await db.transaction();
    const locked = await emails.find(reporting, mail.id, { forUpdate: true });
    expect(locked?.bounced_at).toBeNull();
    const delivery = deliverLifecycleMail(deps, mail.id);
    await waitFor(async () => (await lockWaiters(db)) > 0, 5000, 'the mail worker to wait for the bounce report');
    await emails.update(reporting, mail.id, { status: 'BOUNCED', bounced_at: now, sealed: null });
    await writeEmailEvent(reporting, 'recipient.email_bounced', mail, now);
    await reporting.commit();
    await delivery;
    expect(await bounces()).toHaveLength(1);
  });
});
