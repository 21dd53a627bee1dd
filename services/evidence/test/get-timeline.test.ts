import type { Knex } from 'knex';
import { sampleEnvelopePayload } from '@signet/contracts/src/test-samples';
import { openDatabase } from '@signet/db';
import type { RequestContext } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { evidenceMigrations } from '../migrations';
import { getTimeline } from '../src/get-timeline';

const context: RequestContext = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_test' };

/** The timeline GET as a plain function, on rows as the timeline consumer records them. */
describe('reading an envelope\'s timeline (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  const deps = () => ({ db, envelopeUrl: () => 'http://127.0.0.1:9', internalSecret: 'test' });
  const event = (id: string, type: string, at: string, changes: Record<string, unknown> = {}) => ({
    event_id: id, tenant_id: 'acme', envelope_id: 'env-1', event_type: type, occurred_at: at, recipient_id: null, recipient_name: null,
    recipient_email: null, ip_address: null, user_agent: null, details: JSON.stringify({ status: 'IN_PROGRESS' }), ...changes
  });
  const ana = { recipient_id: 'rec-ana', recipient_name: 'Ana Lima', recipient_email: 'ana@example.com' };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'evidence', migrations: evidenceMigrations });
    const recipients = [{ ...sampleEnvelopePayload().recipients[0], id: 'rec-ana', role: 'WITNESS' }];
    await db('evidence_envelopes').insert([
      { envelope_id: 'env-1', tenant_id: 'acme', snapshot: JSON.stringify({ ...sampleEnvelopePayload(), id: 'env-1', recipients }), timeline_version: 4 },
      { envelope_id: 'env-other', tenant_id: 'globex', snapshot: JSON.stringify({ ...sampleEnvelopePayload(), id: 'env-other' }), timeline_version: 1 }
    ]);
    await db('timeline_events').insert([
      event('e4', 'recipient.rejected', '2026-11-21T10:03:00Z', { ...ana, ip_address: '203.0.113.9', user_agent: 'Firefox', details: JSON.stringify({ status: 'REJECTED', reason: 'Wrong date', role: 'SIGNER' }) }),
      event('e1', 'envelope.in_progress', '2026-11-21T10:00:00Z'),
      event('e3', 'recipient.validation_code_sent', '2026-11-21T10:02:00Z', { ...ana, details: JSON.stringify({ status: 'IN_PROGRESS', validation: { channel: 'sms' } }) }),
      event('e2', 'recipient.validation_code_sent', '2026-11-21T10:01:00Z', { ...ana })
    ]);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('lists the events oldest first with who, where and what the sheet shows of each', async () => {
    const { envelope_id, timeline } = await getTimeline(deps(), { context, envelopeId: 'env-1' });
    expect(envelope_id).toBe('env-1');
    expect(timeline.map((entry) => [entry.id, entry.at])).toEqual([
      ['e1', '2026-11-21T10:00:00.000Z'], ['e2', '2026-11-21T10:01:00.000Z'], ['e3', '2026-11-21T10:02:00.000Z'], ['e4', '2026-11-21T10:03:00.000Z']
    ]);
    expect(timeline[0]).toEqual({ id: 'e1', at: '2026-11-21T10:00:00.000Z', event: 'envelope.in_progress', recipient: null, ip_address: null, user_agent: null, details: { status: 'IN_PROGRESS' } });
    // A code event from before phone validation names no channel: it went by email.
    expect(timeline.slice(1, 3).map((entry) => entry.details.channel)).toEqual(['email', 'sms']);
    expect(timeline[3]).toMatchObject({ ip_address: '203.0.113.9', user_agent: 'Firefox', details: { status: 'REJECTED', reason: 'Wrong date' } });
  });

  it('names the role the event carried, else the one the envelope lists', async () => {
    const { timeline } = await getTimeline(deps(), { context, envelopeId: 'env-1' });
    expect(timeline.map((entry) => entry.recipient?.role ?? null)).toEqual([null, 'WITNESS', 'WITNESS', 'SIGNER']);
    expect(timeline[1]?.recipient).toEqual({ id: 'rec-ana', name: 'Ana Lima', email: 'ana@example.com', role: 'WITNESS' });
  });

  it('is NOT_FOUND for another tenant\'s envelope', async () => {
    await expect(getTimeline(deps(), { context, envelopeId: 'env-other' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
