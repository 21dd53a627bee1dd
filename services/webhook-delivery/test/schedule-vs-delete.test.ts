import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createTestDatabase, lockWaiters, TestDatabase, waitFor } from '@signet/testkit';
import { webhookDeliveryMigrations } from '../migrations';
import { deliveryStore } from '../src/store/delivery-store';
import { webhookStore } from '../src/store/webhook-store';

/** An event's deliveries being scheduled while their webhook is deleted. */
describe('scheduling deliveries to a webhook being deleted (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  const now = new Date('2026-11-21T10:00:00.000Z');
  const owner = { tenantId: 'acme', apiKeyId: 'key-1' };

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'webhook_delivery', migrations: webhookDeliveryMigrations });
    await db('webhooks').insert({
      id: 'wh-1', tenant_id: 'acme', api_key_id: 'key-1', url: 'https://hooks.example.test/in', subscriptions: ['envelope.success'],
      auth: null, signing_secret: 'whsec_dGVzdA==', retry_schedule: 'STANDARD', created_at: now, updated_at: now
    });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('lets the scheduling commit and the delete take its deliveries along, instead of failing the event', async () => {
    const webhooks = webhookStore(db);
    const scheduling = await db.transaction();
    const found = await webhooks.lockSubscribedTo(scheduling, owner, 'envelope.success');
    expect(found.map((webhook) => webhook.id)).toEqual(['wh-1']);
    let deleted = false;
    const deletion = webhooks.remove(owner, 'wh-1').then((removed) => {
      deleted = removed;
    });
    await waitFor(async () => deleted || (await lockWaiters(db)) > 0, 5000, 'the delete to finish or to wait');
    try {
      await deliveryStore(db).schedule(scheduling, {
        id: 'evt-1', event_type: 'envelope.success', tenant_id: 'acme', api_key_id: 'key-1', body: '{"id":"evt-1"}', created_at: now
      }, ['wh-1'], now, async () => undefined);
      await scheduling.commit();
    } catch (error) {
      await scheduling.rollback();
      throw error;
    }
    await deletion;
    expect(deleted).toBe(true);
    expect(await db('deliveries')).toEqual([]);
  });
});
