import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { validationMigrations } from '../migrations';
import { expireOverdueCodes } from '../src/expire-overdue-codes';
import { ATTEMPTS_PER_CODE, CodeRow } from '../src/model';
import { codeStore, RecipientKey } from '../src/store/code-store';
import { mailStore } from '../src/store/mail-store';

const codes = codeStore();
const mails = mailStore();

/** The sweeper and a request for the same overdue code: exactly one of them expires it. */
describe('expiring an overdue code (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  const now = new Date('2026-11-21T10:00:00.000Z');
  const clock = () => now;

  async function overdueCode(): Promise<RecipientKey> {
    const recipientId = uuidv7();
    const key: RecipientKey = { tenant_id: 'acme', envelope_id: 'env-1', recipient_id: recipientId };
    const code: CodeRow = {
      ...key, id: uuidv7(), envelope_api_key_id: 'key-1', code_hash: 'ab'.repeat(32), status: 'PENDING', attempts_left: ATTEMPTS_PER_CODE,
      expires_at: new Date(now.getTime() - 1), sent_at: now, verified_at: null,
      recipient: {
        id: recipientId, envelope_id: 'env-1', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: now.toISOString(), updated_at: now.toISOString(),
        name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null
      },
      request_id: 'req_test', created_at: new Date(now.getTime() - 31 * 60_000), updated_at: now
    };
    await db.transaction((trx) => codes.insert(trx, code));
    return key;
  }

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'validation', migrations: validationMigrations });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('leaves a code to the request that is judging it, so its expiry is announced once', async () => {
    const key = await overdueCode();
    const judging = await db.transaction();
    try {
      const code = await codes.latest(judging, key);
      expect(code?.status).toBe('PENDING');
      expect(await expireOverdueCodes({ db, codes, mails, clock }, 100)).toBe(0);
    } finally {
      await judging.commit();
    }
    expect(await expireOverdueCodes({ db, codes, mails, clock }, 100)).toBe(1);
    expect(await db('outbox').where({ topic: 'recipient.validation_code_expired' })).toHaveLength(1);
  });
});
