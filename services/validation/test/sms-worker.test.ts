import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import type { Logger } from '@signet/log';
import { type SmsMessage, SmsRejectedError, type SmsSender } from '@signet/sms';
import { createTestDatabase, TestDatabase, waitFor } from '@signet/testkit';
import { validationMigrations } from '../migrations';
import { ATTEMPTS_PER_CODE, CODE_TTL_MS, CodeRow } from '../src/model';
import { deriveValidationKeys } from '../src/secret-keys';
import { sealSms } from '../src/sms/sms-cipher';
import { createSmsWorker } from '../src/sms/sms-worker';
import { codeStore } from '../src/store/code-store';
import { smsStore } from '../src/store/sms-store';

const keys = deriveValidationKeys('test-internal-secret');
/** Every log call and binding the worker makes, to show that no number or code reaches the logs. */
const logged: unknown[] = [];
const log = new Proxy({}, {
  get: (_target, level) => (level === 'child' ? (bindings: unknown) => {
    logged.push(bindings);
    return log;
  } : (...args: unknown[]) => {
    logged.push([level, ...args]);
  })
}) as Logger;
const codes = codeStore();
const sms = smsStore();

/** A provider that answers as scripted, one answer per send, then accepts everything. */
function scriptedProvider(script: Array<Error | 'ok'> = []): SmsSender & { sent: SmsMessage[]; tries: number } {
  const provider = {
    sent: [] as SmsMessage[],
    tries: 0,
    async send(message: SmsMessage) {
      provider.tries += 1;
      const answer = script.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
      provider.sent.push(message);
      return { providerMessageId: `SM${provider.sent.length}`, status: 'queued' };
    }
  };
  return provider;
}

describe('the code SMS worker (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let now: Date;
  const clock = () => now;

  async function waitingSms(): Promise<{ code: CodeRow; smsId: string }> {
    const id = uuidv7();
    const recipientId = uuidv7();
    const code: CodeRow = {
      id, tenant_id: 'acme', envelope_id: 'env-1', recipient_id: recipientId, channel: 'sms', envelope_api_key_id: 'key-1', code_hash: 'ab'.repeat(32),
      status: 'PENDING', attempts_left: ATTEMPTS_PER_CODE, expires_at: new Date(now.getTime() + CODE_TTL_MS), sent_at: null, verified_at: null,
      recipient: {
        id: recipientId, envelope_id: 'env-1', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: now.toISOString(), updated_at: now.toISOString(),
        name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null
      },
      request_id: 'req_test', created_at: now, updated_at: now
    };
    const smsId = uuidv7();
    await db.transaction(async (trx) => {
      await codes.insert(trx, code);
      await sms.insert(trx, {
        id: smsId, code_id: id, tenant_id: 'acme', country: 'ES', sealed: sealSms(keys.sms, { to: '+34612345678', body: `code ${id}` }, smsId), status: 'PENDING',
        attempts: 0, next_attempt_at: now, last_error: null, provider_message_id: null, provider_status: null, created_at: now, finished_at: null
      });
    });
    return { code, smsId };
  }

  const worker = (provider: SmsSender) => createSmsWorker({ db, codes, sms, sender: provider, keys, clock, log, pollIntervalMs: 20, onSent: () => undefined });
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

  it('retries a provider failure on the injected clock, then records the delivery with the provider id and erases the message', async () => {
    const provider = scriptedProvider([new Error('SMS provider answered 503'), new Error('SMS provider answered 500')]);
    const { code, smsId } = await waitingSms();
    const loop = worker(provider);
    loop.start();
    try {
      await waitFor(async () => (await sms.find(db, smsId))?.last_error === 'SMS provider answered 503', 5000, 'the first failure');
      expect(await sms.find(db, smsId)).toMatchObject({ status: 'PENDING', attempts: 1, next_attempt_at: new Date(now.getTime() + 5000) });
      now = new Date(now.getTime() + 5000);
      await waitFor(async () => (await sms.find(db, smsId))?.attempts === 2, 5000, 'the second attempt');
      await waitFor(async () => (await sms.find(db, smsId))?.last_error === 'SMS provider answered 500', 5000, 'the second failure');
      // The back-off doubles: 10 s after the second failure.
      expect((await sms.find(db, smsId))?.next_attempt_at).toEqual(new Date(now.getTime() + 10_000));
      now = new Date(now.getTime() + 10_000);
      await waitFor(async () => (await sentEvents(code.id)).length === 1, 5000, 'code_sent');
    } finally {
      await loop.stop();
    }
    expect(provider.tries).toBe(3);
    expect(provider.sent).toEqual([{ to: '+34612345678', body: `code ${code.id}` }]);
    expect(await sms.find(db, smsId)).toMatchObject({ status: 'SENT', sealed: null, provider_message_id: 'SM1', provider_status: 'queued', attempts: 3, finished_at: now });
    const [event] = await sentEvents(code.id);
    expect(event.payload.data.validation).toMatchObject({ channel: 'sms', sent_at: now.toISOString() });
    expect(JSON.stringify(event.payload)).not.toContain('612345678');
    expect(logged.some((entry) => JSON.stringify(entry).includes('will retry'))).toBe(true);
    expect(JSON.stringify(logged)).not.toContain('612345678');
    expect(JSON.stringify(logged)).not.toContain(`code ${code.id}`);
  });

  it('ends without retrying an SMS the provider refused for good, and drops one whose code is no longer pending', async () => {
    const provider = scriptedProvider([new SmsRejectedError(21211, 'SMS provider answered 400 (error 21211)')]);
    const refused = await waitingSms();
    const loop = worker(provider);
    loop.start();
    try {
      await waitFor(async () => (await sms.find(db, refused.smsId))?.status === 'REFUSED', 5000, 'the refusal');
      const superseded = await waitingSms();
      await codes.update(db, superseded.code.id, { status: 'SUPERSEDED' });
      loop.wake();
      await waitFor(async () => (await sms.find(db, superseded.smsId))?.status === 'DROPPED', 5000, 'the drop');
    } finally {
      await loop.stop();
    }
    expect(provider.tries).toBe(1);
    expect(JSON.stringify(logged)).not.toContain('612345678');
    expect(await sms.find(db, refused.smsId)).toMatchObject({ sealed: null, last_error: 'SMS provider answered 400 (error 21211)' });
    expect(await db('outbox').where({ topic: 'recipient.validation_code_sent' })).toEqual([]);
  });
});
