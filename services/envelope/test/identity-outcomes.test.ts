import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { ConsumedEvent } from '@signet/bus';
import { openDatabase } from '@signet/db';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import { createTestDatabase, type TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import { recordIdentityOutcomes } from '../src/identity/record-identity-outcome';

/**
 * The identity checks' events come on one topic per type, so in any order: the recipient shows the
 * latest state, and at one instant the decision over its start.
 */
describe('where a recipient\'s identity checks stand, kept from the validation part\'s events', () => {
  let database: TestDatabase;
  let db: Knex;
  let envelopeId: string;
  let recipientId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    envelopeId = uuidv7();
    recipientId = uuidv7();
    const now = new Date('2026-11-29T10:00:00.000Z');
    await db('envelopes').insert({
      id: envelopeId, tenant_id: 'acme', api_key_id: 'key-1', name: 'Loan', name_is_default: false, status: 'IN_PROGRESS',
      settings_overrides: '{}', settings: JSON.stringify(sampleSettings()), errors: '[]', warnings: '[]', created_at: now, updated_at: now
    });
    await db('recipients').insert({ id: recipientId, envelope_id: envelopeId, custom_key: 'eileen', name: 'Eileen', email: 'e@example.com', order: 0, status: 'IN_PROGRESS', created_at: now, updated_at: now });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const event = (step: string, status: string, at: string, tenantId = 'acme'): ConsumedEvent => ({
    event: {
      id: uuidv7(), event_type: `recipient.validation_id_check_${step}`,
      data: { id: recipientId, envelope_id: envelopeId, identity: { id: 'c1', check: 'id_check', status, method: 'local', attempt: 1, attempts_left: 2, max_attempts: 3, reasons: [], provider_reference: null, decided_at: status === 'PASSED' ? at : null, api_key_id: null } }
    },
    headers: { tenantId, apiKeyId: 'key-1', occurredAt: at, requestId: null }
  }) as unknown as ConsumedEvent;
  const shown = async () => (await db('recipients').where({ id: recipientId }).first()).identity?.id_check;

  it('keeps the decision when its start arrives after it (the same instant), and a later event over an earlier one', async () => {
    const { handle } = recordIdentityOutcomes({ db });
    await handle(event('success', 'PASSED', '2026-11-29T10:05:00.000Z'));
    await handle(event('started', 'IN_PROGRESS', '2026-11-29T10:05:00.000Z'));
    expect(await shown()).toMatchObject({ status: 'PASSED', decided_at: '2026-11-29T10:05:00.000Z' });
    await handle(event('reset', 'PENDING', '2026-11-29T10:07:00.000Z'));
    await handle(event('failed', 'FAILED', '2026-11-29T10:06:00.000Z'));
    expect(await shown()).toMatchObject({ status: 'PENDING', updated_at: '2026-11-29T10:07:00.000Z' });
  });

  it('changes nothing for another tenant\'s event about the same ids', async () => {
    const { handle } = recordIdentityOutcomes({ db });
    await handle(event('success', 'PASSED', '2026-11-29T11:00:00.000Z', 'globex'));
    expect(await shown()).toMatchObject({ status: 'PENDING' });
  });
});
