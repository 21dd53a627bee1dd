import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import { createLogger } from '@signet/log';
import { type Mailer, type MailMessage, MailRejectedError } from '@signet/mail';
import { metricsRegistry } from '@signet/metrics';
import { createTestDatabase, TestDatabase, waitFor } from '@signet/testkit';
import { validationMigrations } from '../migrations';
import { sealMail } from '../src/mail/mail-cipher';
import { createMailWorker } from '../src/mail/mail-worker';
import { ATTEMPTS_PER_CODE, CODE_TTL_MS, CodeRow } from '../src/model';
import { deriveValidationKeys } from '../src/secret-keys';
import { codeStore } from '../src/store/code-store';
import { type MailStore, mailStore } from '../src/store/mail-store';

const keys = deriveValidationKeys('test-internal-secret');
const log = createLogger({ level: 'silent' });
const codes = codeStore();
const mails = mailStore();

/** A mailer that answers as scripted, one answer per send, then accepts everything. */
function scriptedMailer(script: Array<Error | 'ok'> = []): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      const answer = script.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
      sent.push(message);
      return { messageId: `<${sent.length}@test>`, accepted: true };
    }
  };
}

async function codeEmails(outcome: string): Promise<number> {
  const metric = metricsRegistry().getSingleMetric('signet_emails_total');
  const values = (await metric?.get())?.values ?? [];
  return values.find((value) => value.labels.kind === 'validation_code' && value.labels.outcome === outcome)?.value ?? 0;
}

describe('the code mail worker (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let now: Date;
  const clock = () => now;

  async function waitingCode(options: { key?: Buffer; expiresInMs?: number } = {}): Promise<{ code: CodeRow; mailId: string }> {
    const id = uuidv7();
    const recipientId = uuidv7();
    const code: CodeRow = {
      id, tenant_id: 'acme', envelope_id: 'env-1', recipient_id: recipientId, channel: 'email', envelope_api_key_id: 'key-1', code_hash: 'ab'.repeat(32), status: 'PENDING',
      attempts_left: ATTEMPTS_PER_CODE, expires_at: new Date(now.getTime() + (options.expiresInMs ?? CODE_TTL_MS)), sent_at: null, verified_at: null,
      recipient: {
        id: recipientId, envelope_id: 'env-1', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: now.toISOString(), updated_at: now.toISOString(),
        name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null
      },
      request_id: 'req_test', created_at: now, updated_at: now
    };
    const mailId = uuidv7();
    const message: MailMessage = { to: 'ana@example.com', from: 'no-reply@signet.localhost', subject: 'Code', text: `code ${id}`, html: '<p>code</p>' };
    await db.transaction(async (trx) => {
      await codes.insert(trx, code);
      await mails.insert(trx, { id: mailId, code_id: id, sealed: sealMail(options.key ?? keys.mail, message, mailId), attempts: 0, next_attempt_at: now, last_error: null, created_at: now });
    });
    return { code, mailId };
  }

  function worker(mailer: Mailer, on: Knex = db, store: MailStore = mails) {
    return createMailWorker({ db: on, codes, mails: store, mailer, keys, clock, log, pollIntervalMs: 20, onSent: () => undefined });
  }

  /** The mail store, noting the clock reading of every claim the worker makes and whether it found a mail due. */
  function watchedClaims(): MailStore & { claims: Array<{ at: number; found: boolean }> } {
    const claims: Array<{ at: number; found: boolean }> = [];
    return {
      ...mails,
      claims,
      async claimDue(on, at, leaseUntil) {
        const mail = await mails.claimDue(on, at, leaseUntil);
        claims.push({ at: at.getTime(), found: mail !== null });
        return mail;
      }
    };
  }

  const sentEvents = async (codeId: string) =>
    (await db('outbox').where({ topic: 'recipient.validation_code_sent' })).filter((row) => row.payload.data.validation.id === codeId);

  beforeEach(async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'validation', migrations: validationMigrations });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('retries a failed send 5 seconds later, then records the send once and forgets the mail', async () => {
    const mailer = scriptedMailer([new Error('connect ECONNREFUSED 127.0.0.1:25')]);
    const { code, mailId } = await waitingCode();
    const store = watchedClaims();
    const loop = worker(mailer, db, store);
    loop.start();
    try {
      const failed = await waitFor(async () => (await db('pending_mails').where({ id: mailId }).first())?.last_error ?? undefined, 5000, 'the failed attempt');
      expect(failed).toMatch(/ECONNREFUSED/);
      expect(await db('pending_mails').where({ id: mailId }).first()).toMatchObject({ attempts: 1, next_attempt_at: new Date(now.getTime() + 5000) });
      now = new Date(now.getTime() + 4999);
      // A claim that read the clock as it is now and found nothing due: the retry was not taken a moment early.
      const early = now.getTime();
      await waitFor(() => store.claims.some((claim) => claim.at === early && !claim.found), 5000, 'a claim at 4999 ms');
      expect(store.claims.filter((claim) => claim.at === early && claim.found)).toEqual([]);
      expect(mailer.sent).toHaveLength(0);
      now = new Date(now.getTime() + 1);
      await waitFor(() => mailer.sent.length === 1, 5000, 'the second attempt');
      await waitFor(async () => (await sentEvents(code.id)).length === 1, 5000, 'code_sent');
    } finally {
      await loop.stop();
    }
    expect(await db('pending_mails').where({ id: mailId })).toEqual([]);
    expect((await codes.find(db, code.id))?.sent_at).toEqual(now);
    const [event] = await sentEvents(code.id);
    expect(event.key).toBe('env-1');
    expect(event.headers).toMatchObject({ tenantId: 'acme', apiKeyId: 'key-1', requestId: 'req_test' });
    expect(event.payload.data).toMatchObject({ id: code.recipient_id, email: 'ana@example.com', validation: { id: code.id, status: 'PENDING', sent_at: now.toISOString(), attempts_left: 3 } });
  });

  it('drops without retrying a mail whose recipient the server refused for good, one it cannot decrypt, and one whose code expired', async () => {
    const mailer = scriptedMailer([new MailRejectedError('ana@example.com', '550 Mailbox unavailable', 550)]);
    const refused = await waitingCode();
    const [bouncedBefore, droppedBefore, sentBefore] = [await codeEmails('bounced'), await codeEmails('dropped'), await codeEmails('sent')];
    const loop = worker(mailer);
    loop.start();
    try {
      await waitFor(async () => (await db('pending_mails')).length === 0, 5000, 'the refused mail to be dropped');
      const unreadable = await waitingCode({ key: deriveValidationKeys('a secret from before a restart').mail });
      const expired = await waitingCode({ expiresInMs: 0 });
      loop.wake();
      await waitFor(async () => (await db('pending_mails')).length === 0, 5000, 'the other two to be dropped');
      expect(mailer.sent).toEqual([]);
      for (const { code } of [refused, unreadable, expired]) expect(await sentEvents(code.id)).toEqual([]);
    } finally {
      await loop.stop();
    }
    expect(await codeEmails('bounced')).toBe(bouncedBefore + 1);
    expect(await codeEmails('dropped')).toBe(droppedBefore + 2);
    expect(await codeEmails('sent')).toBe(sentBefore);
  });

  it('sends each mail once when two replicas share the queue', async () => {
    const second = await openDatabase({ url: database.url, schema: 'validation', migrations: validationMigrations });
    const mailer = scriptedMailer();
    for (let index = 0; index < 20; index += 1) await waitingCode();
    const loops = [worker(mailer, db), worker(mailer, second)];
    for (const loop of loops) loop.start();
    try {
      await waitFor(async () => (await db('pending_mails')).length === 0, 10000, 'every mail sent');
    } finally {
      await Promise.all(loops.map((loop) => loop.stop()));
      await second.destroy();
    }
    expect(mailer.sent).toHaveLength(20);
    expect(new Set(mailer.sent.map((message) => message.text)).size).toBe(20);
    expect(await db('outbox').where({ topic: 'recipient.validation_code_sent' })).toHaveLength(20);
  });
});
