import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import type { Logger } from '@signet/log';
import { type FormFields, twilioSignature } from '@signet/sms';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { validationMigrations } from '../migrations';
import { receiveSmsStatus, type SmsStatusDeps } from '../src/sms/receive-sms-status';
import { smsStore } from '../src/store/sms-store';

const reports = { authToken: 'provider-token', callbackUrl: 'https://signet.example/sms/v1/status' };
const at = new Date('2026-11-21T10:00:00.000Z');

/** The SMS provider's delivery reports as a plain function: no express, the report's fields and signature as input. */
describe('receiving SMS delivery reports (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: SmsStatusDeps;
  const warnings: unknown[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'validation', migrations: validationMigrations });
    const log = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;
    deps = { db, sms: smsStore(), log, reports };
    await db('validation_codes').insert({
      id: 'code-1', tenant_id: 'acme', envelope_id: 'env-1', recipient_id: 'rec-1', envelope_api_key_id: 'key-1', code_hash: 'x', status: 'PENDING',
      attempts_left: 3, expires_at: at, recipient: '{}', request_id: 'req_test', created_at: at, updated_at: at
    });
    for (const id of ['sms-1', 'sms-2']) {
      await db('sms_messages').insert({ id, code_id: 'code-1', tenant_id: 'acme', country: 'ES', status: 'SENT', provider_message_id: `SM-${id}`, provider_status: 'queued', created_at: at });
    }
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const signed = (fields: FormFields) => ({ fields, signature: twilioSignature(reports.authToken, reports.callbackUrl, fields) });
  const report = (sid: string, status: string, extra: Array<[string, string]> = []) => signed([['MessageSid', sid], ['MessageStatus', status], ['To', '+34600000000'], ...extra]);
  const statusOf = async (id: string) => (await db('sms_messages').where({ id }).first()).provider_status as string;

  it('moves a status forward only, and keeps the first final one', async () => {
    await receiveSmsStatus(deps, report('SM-sms-1', 'sent'));
    expect(await statusOf('sms-1')).toBe('sent');
    await receiveSmsStatus(deps, report('SM-sms-1', 'queued'));
    expect(await statusOf('sms-1')).toBe('sent');
    await receiveSmsStatus(deps, report('SM-sms-1', 'delivered'));
    await receiveSmsStatus(deps, report('SM-sms-1', 'undelivered'));
    expect(await statusOf('sms-1')).toBe('delivered');
    expect(warnings).toEqual([]);
  });

  it('logs an SMS that was not delivered by ids, country and the provider\'s code, never the number', async () => {
    await receiveSmsStatus(deps, report('SM-sms-2', 'failed', [['ErrorCode', '30003']]));
    expect(await db('sms_messages').where({ id: 'sms-2' }).first()).toMatchObject({ provider_status: 'failed', last_error: 'SMS provider reported failed (error 30003)' });
    expect(warnings).toEqual([{ sms_id: 'sms-2', code_id: 'code-1', country: 'ES', provider_status: 'failed', provider_error: '30003' }]);
    expect(JSON.stringify(warnings)).not.toContain('+34600000000');
  });

  it('refuses a report its signature does not cover, one about no SMS of its own, and any when reports are off', async () => {
    const genuine = report('SM-sms-1', 'sent');
    await expect(receiveSmsStatus(deps, { ...genuine, fields: [...genuine.fields, ['Extra', '1']] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(receiveSmsStatus(deps, { ...genuine, signature: undefined })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(receiveSmsStatus(deps, report('SM-unknown', 'sent'))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No SMS with this MessageSid' });
    await expect(receiveSmsStatus({ ...deps, reports: null }, genuine)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
