import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import { createLogger } from '@signet/log';
import type { Mailer } from '@signet/mail';
import { createTestDatabase, lockWaiters, TestDatabase, waitFor } from '@signet/testkit';
import { validationMigrations } from '../migrations';
import { deliverCodeMessage } from '../src/deliver/deliver-code-message';
import { expireCode } from '../src/expire-code';
import { mailChannel } from '../src/mail/mail-channel';
import { sealMail } from '../src/mail/mail-cipher';
import { ATTEMPTS_PER_CODE, CODE_TTL_MS, CodeRow } from '../src/model';
import { deriveValidationKeys } from '../src/secret-keys';
import { ChannelKey, codeStore } from '../src/store/code-store';
import { mailStore } from '../src/store/mail-store';
import { smsStore } from '../src/store/sms-store';

const codes = codeStore();
const mails = mailStore();
const sms = smsStore();
const keys = deriveValidationKeys('test-internal-secret');
const log = createLogger({ level: 'silent' });
const acceptingMailer: Mailer = { send: async () => ({ messageId: '<1@test>', accepted: true }) };

/**
 * Requests, the code's expiry job and its email's send job touch one code and its mail: each takes the code's lock
 * before the mail's, so none waits for another in a circle, and one code's expiry is announced once.
 */
describe('locking a validation code (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  const now = new Date('2026-11-21T10:00:00.000Z');
  const clock = () => now;

  async function pendingCode(expiresInMs: number): Promise<{ key: ChannelKey; code: CodeRow }> {
    const recipientId = uuidv7();
    const key: ChannelKey = { tenant_id: 'acme', envelope_id: 'env-1', recipient_id: recipientId, channel: 'email' };
    const code: CodeRow = {
      ...key, id: uuidv7(), envelope_api_key_id: 'key-1', code_hash: 'ab'.repeat(32), status: 'PENDING', attempts_left: ATTEMPTS_PER_CODE,
      expires_at: new Date(now.getTime() + expiresInMs), sent_at: null, verified_at: null,
      recipient: {
        id: recipientId, envelope_id: 'env-1', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: now.toISOString(), updated_at: now.toISOString(),
        name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null
      },
      request_id: 'req_test', created_at: new Date(now.getTime() + expiresInMs - CODE_TTL_MS), updated_at: now
    };
    const mailId = uuidv7();
    const message = { to: 'ana@example.com', from: 'no-reply@signet.localhost', subject: 'Code', text: 'code', html: '<p>code</p>' };
    await db.transaction(async (trx) => {
      await codes.insert(trx, code);
      await mails.insert(trx, { id: mailId, code_id: code.id, sealed: sealMail(keys.mail, message, mailId), created_at: now });
    });
    return { key, code };
  }


  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'validation', migrations: validationMigrations });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('leaves an overdue code to the request that is judging it, so its expiry is announced once', async () => {
    const { key, code } = await pendingCode(-1);
    const judging = await db.transaction();
    let expiring: Promise<boolean> | null = null;
    try {
      const latest = await codes.latest(judging, key);
      expect(latest?.status).toBe('PENDING');
      expiring = expireCode({ db, codes, mails, sms, clock }, code.id);
      await waitFor(async () => (await lockWaiters(db)) > 0, 5000, 'the expiry job to wait for the code');
      // The request finds the code overdue and announces its expiry itself.
      await codes.update(judging, code.id, { status: 'EXPIRED', updated_at: now });
      await judging('outbox').insert({ event_id: uuidv7(), topic: 'recipient.validation_code_expired', key: code.envelope_id, payload: {}, headers: {} });
    } finally {
      await judging.commit();
    }
    expect(await expiring).toBe(false);
    expect(await db('outbox').where({ topic: 'recipient.validation_code_expired' })).toHaveLength(1);
    const { code: other } = await pendingCode(-1);
    expect(await expireCode({ db, codes, mails, sms, clock }, other.id)).toBe(true);
    expect(await db('outbox').where({ topic: 'recipient.validation_code_expired' })).toHaveLength(2);
  });

  it('lets a code email finish while send_code replaces its code, without a deadlock', async () => {
    const { key, code } = await pendingCode(CODE_TTL_MS);
    const [mail] = await db('pending_mails').where({ code_id: code.id });
    const replacing = await db.transaction();
    await codes.lockRecipient(replacing, key, now);
    await codes.latest(replacing, key);
    const delivery = deliverCodeMessage({ db, codes, clock, log, onSent: () => undefined }, mailChannel(mails, acceptingMailer, keys.mail), mail.id);
    await waitFor(async () => (await lockWaiters(db)) > 0, 5000, 'the mail worker to wait for the code');
    await mails.deleteForCode(replacing, code.id);
    await codes.update(replacing, code.id, { status: 'SUPERSEDED', updated_at: now });
    await replacing.commit();
    await delivery;
    expect(await db('pending_mails')).toEqual([]);
    expect(await db('outbox').where({ topic: 'recipient.validation_code_sent' })).toHaveLength(1);
  });
});
