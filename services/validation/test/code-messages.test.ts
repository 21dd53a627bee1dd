import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { listMigrationSource, openDatabase } from '@signet/db';
import { JOBS_SCHEMA } from '@signet/jobs';
import { createLogger } from '@signet/log';
import { type Mailer, type MailMessage, MailRejectedError } from '@signet/mail';
import { SmsRejectedError, type SmsSender } from '@signet/sms';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { validationMigrations } from '../migrations';
import type { CodeChannel } from '../src/deliver/code-channel';
import { deliverCodeMessage, giveUpCodeMessage } from '../src/deliver/deliver-code-message';
import { mailChannel } from '../src/mail/mail-channel';
import { sealMail } from '../src/mail/mail-cipher';
import { ATTEMPTS_PER_CODE, CODE_TTL_MS, CodeRow } from '../src/model';
import { deriveValidationKeys } from '../src/secret-keys';
import { smsChannel } from '../src/sms/sms-channel';
import { sealSms } from '../src/sms/sms-cipher';
import { codeStore } from '../src/store/code-store';
import { mailStore } from '../src/store/mail-store';
import { smsStore } from '../src/store/sms-store';

const keys = deriveValidationKeys('test-internal-secret');
const log = createLogger({ level: 'silent' });
const codes = codeStore();
const mails = mailStore();
const sms = smsStore();

/** Answers as scripted, one answer per send, then accepts everything. */
function scripted<Message>(script: Array<Error | 'ok'>) {
  const sent: Message[] = [];
  return {
    sent,
    async send(message: Message) {
      const answer = script.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
      sent.push(message);
      return { messageId: `<${sent.length}@test>`, accepted: true, providerMessageId: `SM${sent.length}`, status: 'queued' };
    }
  };
}

type Channel = 'email' | 'sms';

/** A code email and a code SMS are sent by one use case: the same behaviour, asserted for both. */
describe.each<Channel>(['email', 'sms'])('sending a code %s (PostgreSQL, injected clock)', (channel) => {
  let database: TestDatabase;
  let db: Knex;
  let now: Date;
  const clock = () => now;

  async function waiting(options: { key?: Buffer; expiresInMs?: number; at?: Date } = {}): Promise<{ code: CodeRow; id: string }> {
    const recipientId = uuidv7();
    const code: CodeRow = {
      id: uuidv7(), tenant_id: 'acme', envelope_id: 'env-1', recipient_id: recipientId, channel, envelope_api_key_id: 'key-1', code_hash: 'ab'.repeat(32), status: 'PENDING',
      attempts_left: ATTEMPTS_PER_CODE, expires_at: new Date(now.getTime() + (options.expiresInMs ?? CODE_TTL_MS)), sent_at: null, verified_at: null,
      recipient: {
        id: recipientId, envelope_id: 'env-1', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: now.toISOString(), updated_at: now.toISOString(),
        name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null
      },
      request_id: 'req_test', created_at: now, updated_at: now
    };
    const id = uuidv7();
    await db.transaction(async (trx) => {
      await codes.insert(trx, code);
      if (channel === 'email') {
        const message: MailMessage = { to: 'ana@example.com', from: 'no-reply@signet.localhost', subject: 'Code', text: `code ${code.id}`, html: '<p>code</p>' };
        await mails.insert(trx, { id, code_id: code.id, sealed: sealMail(options.key ?? keys.mail, message, id), created_at: now });
      } else {
        await sms.insert(trx, {
          id, code_id: code.id, tenant_id: 'acme', country: 'ES', sealed: sealSms(options.key ?? keys.sms, { to: '+34612345678', body: `code ${code.id}` }, id), status: 'PENDING',
          last_error: null, provider_message_id: null, provider_status: null, created_at: now, finished_at: null
        });
      }
    });
    return { code, id };
  }

  function channelWith(script: Array<Error | 'ok'>): { channel: CodeChannel<unknown, unknown>; sent: unknown[] } {
    const sender = scripted<unknown>(script);
    const made = channel === 'email' ? mailChannel(mails, sender as unknown as Mailer, keys.mail) : smsChannel(sms, sender as unknown as SmsSender, keys.sms);
    return { channel: made as CodeChannel<unknown, unknown>, sent: sender.sent };
  }

  const deps = () => ({ db, codes, clock, log, onSent: () => undefined });
  const stillWaiting = async (id: string) => (channel === 'email' ? (await mails.find(db, id)) !== null : (await sms.find(db, id))?.status === 'PENDING');
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

  it('throws a passing failure for its job to retry, then records the send once', async () => {
    const { channel: messages, sent } = channelWith([new Error('connect ECONNREFUSED 127.0.0.1:25')]);
    const { code, id } = await waiting();
    await expect(deliverCodeMessage(deps(), messages, id)).rejects.toThrow(/ECONNREFUSED/);
    expect(await stillWaiting(id)).toBe(true);
    now = new Date(now.getTime() + 5000);
    await deliverCodeMessage(deps(), messages, id);
    expect(sent).toHaveLength(1);
    expect(await stillWaiting(id)).toBe(false);
    // A job that runs again (its worker died after the send) finds nothing waiting.
    await deliverCodeMessage(deps(), messages, id);
    expect(sent).toHaveLength(1);
    expect((await codes.find(db, code.id))?.sent_at).toEqual(now);
    const [event, ...more] = await sentEvents(code.id);
    expect(more).toEqual([]);
    expect(event.headers).toMatchObject({ tenantId: 'acme', apiKeyId: 'key-1', requestId: 'req_test' });
    expect(event.payload.data).toMatchObject({ validation: { id: code.id, status: 'PENDING', sent_at: now.toISOString() } });
    if (channel === 'sms') expect(await sms.find(db, id)).toMatchObject({ status: 'SENT', sealed: null, provider_message_id: 'SM1' });
  });

  it('ends unsent, without retrying, a message refused for good, one it cannot decrypt, one whose code expired, and one past its last attempt', async () => {
    const refusal = channel === 'email' ? new MailRejectedError('ana@example.com', '550 Mailbox unavailable', 550) : new SmsRejectedError(21211, 'invalid number');
    const { channel: messages, sent } = channelWith([refusal]);
    const refused = await waiting();
    await deliverCodeMessage(deps(), messages, refused.id);
    const unreadable = await waiting({ key: channel === 'email' ? deriveValidationKeys('another secret').mail : deriveValidationKeys('another secret').sms });
    await deliverCodeMessage(deps(), messages, unreadable.id);
    const expired = await waiting({ expiresInMs: 0 });
    await deliverCodeMessage(deps(), messages, expired.id);
    const givenUp = await waiting();
    await giveUpCodeMessage(deps(), messages, givenUp.id, new Error('the provider is down'));
    for (const { id, code } of [refused, unreadable, expired, givenUp]) {
      expect(await stillWaiting(id)).toBe(false);
      expect(await sentEvents(code.id)).toEqual([]);
    }
    expect(sent).toEqual([]);
    if (channel === 'sms') expect((await sms.find(db, refused.id))?.status).toBe('REFUSED');
  });
});

describe('the migration to jobs (PostgreSQL)', () => {
  it('carries every waiting code email and SMS, and every pending code\'s expiry, over as queued jobs', async () => {
    const database = await createTestDatabase();
    const before = validationMigrations.filter((migration) => migration.name !== 'validation_0004_jobs');
    const db = await openDatabase({ url: database.url, schema: 'validation', migrations: before });
    try {
      const now = new Date();
      const code = {
        id: 'code-1', tenant_id: 'acme', envelope_id: 'env-1', recipient_id: 'rec-1', channel: 'email', envelope_api_key_id: 'key-1', code_hash: 'ab', status: 'PENDING',
        attempts_left: 3, expires_at: new Date(now.getTime() + CODE_TTL_MS), recipient: JSON.stringify({}), request_id: 'req_test', created_at: now, updated_at: now
      };
      await db('validation_codes').insert(code);
      await db('pending_mails').insert({ id: 'mail-1', code_id: 'code-1', sealed: Buffer.from('x'), attempts: 2, next_attempt_at: now, last_error: 'timeout', created_at: now });
      await db('sms_messages').insert([
        { id: 'sms-1', code_id: 'code-1', tenant_id: 'acme', country: 'ES', sealed: Buffer.from('x'), status: 'PENDING', attempts: 1, next_attempt_at: now, created_at: now },
        { id: 'sms-2', code_id: 'code-1', tenant_id: 'acme', country: 'ES', sealed: null, status: 'SENT', attempts: 1, next_attempt_at: now, created_at: now }
      ]);
      await db.migrate.latest({ schemaName: 'validation', tableName: 'knex_migrations', migrationSource: listMigrationSource(validationMigrations) });
      const queued = (await db.raw(`SELECT task_identifier, key FROM ${JOBS_SCHEMA}.jobs ORDER BY task_identifier, key`)).rows;
      expect(queued).toEqual([
        { task_identifier: 'validation.expire-code', key: 'validation.expire-code:code-1' },
        { task_identifier: 'validation.send-code-mail', key: 'validation.send-code-mail:mail-1' },
        { task_identifier: 'validation.send-code-sms', key: 'validation.send-code-sms:sms-1' }
      ]);
      const columns = async (table: string) => Object.keys(await db(table).columnInfo());
      expect(await columns('pending_mails')).not.toEqual(expect.arrayContaining(['next_attempt_at']));
      expect(await columns('pending_mails')).not.toContain('attempts');
      expect(await columns('sms_messages')).not.toContain('next_attempt_at');
      expect(await columns('sms_messages')).not.toContain('attempts');
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
