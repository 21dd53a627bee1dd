import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import { AppError, type RequestContext } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import type { EnvelopeDeps } from '../src/envelope-deps';
import { sendEnvelope } from '../src/send-envelope';
import { rejectEnvelope } from '../src/signing/reject-envelope';
import { relaySigningCode } from '../src/signing/relay-validation-code';
import { signEnvelope } from '../src/signing/sign-envelope';
import { envelopeStore } from '../src/store/envelope-store';
import type { CodeAction, CodeRequest, RecipientFacts } from '../src/validation-client';
import { requestValidationCode } from '../src/validation/request-validation-code';
import { voidEnvelope } from '../src/void-envelope';

const context: RequestContext = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_test' };
const identity = { ip_address: '203.0.113.7', user_agent: 'test' };
const written = (text: string) => ({ consent: true, signature: { type: 'WRITTEN', text } });

/**
 * The envelope use cases as plain functions: no express, no HTTP, time from the test's clock. An
 * envelope of two SEQUENTIAL recipients is sent, signed, rejected and voided, with the API's refusals.
 */
describe('the envelope use cases (PostgreSQL, a test clock)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EnvelopeDeps;
  let now: Date;
  const codeCalls: Array<{ action: CodeAction; facts: RecipientFacts; request: CodeRequest }> = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    now = new Date('2026-11-21T10:00:00.000Z');
    codeCalls.length = 0;
    deps = {
      db, store: envelopeStore(), clock: () => now, links: async () => null,
      relay: { wake: () => undefined },
      jobs: { queueCompletion: async () => undefined, queueExpiry: async () => undefined, queueReminder: async () => undefined, cancelReminder: async () => undefined, cancelSchedule: async () => undefined },
      signingLinks: { keep: async () => undefined },
      config: { publicBaseUrl: 'https://signet.example' },
      validations: {
        gate: async () => { throw new Error('validation is not enabled here'); },
        code: async (_context: RequestContext, action: CodeAction, facts: RecipientFacts, request: CodeRequest) => {
          codeCalls.push({ action, facts, request });
          return { status: 200, headers: {}, body: { success: true } };
        }
      }
    } as unknown as EnvelopeDeps;
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  /** A CREATED envelope with one document and two recipients, one after the other. */
  async function createdEnvelope(): Promise<string> {
    const id = uuidv7();
    const settings = sampleSettings();
    settings.signature_flow.signature_order = 'SEQUENTIAL';
    await db('envelopes').insert({
      id, tenant_id: 'acme', api_key_id: 'key-1', name: 'Lease', name_is_default: false, status: 'CREATED',
      settings_overrides: '{}', settings: JSON.stringify(settings), errors: '[]', warnings: '[]', created_at: now, updated_at: now
    });
    await db('documents').insert({
      id: uuidv7(), envelope_id: id, custom_key: '0', file_name: 'lease.pdf', file_type: 'SIGNABLE', order: 0, status: 'PENDING', blob_key: 'blob',
      sha256: 'ab'.repeat(32), file_size: 4, page_count: 1, page_sizes: JSON.stringify([{ width: 595, height: 842 }]), created_at: now, updated_at: now
    });
    for (const [order, key] of ['ana', 'bea'].entries()) {
      await db('recipients').insert({ id: uuidv7(), envelope_id: id, custom_key: key, name: key, email: `${key}@example.com`, order, status: 'PENDING', created_at: now, updated_at: now });
    }
    return id;
  }

  const statusOf = async (id: string) => (await db('envelopes').where({ id }).first()).status as string;
  const recipient = (id: string, key: string) => db('recipients').where({ envelope_id: id, custom_key: key }).first();
  const eventsOf = async (id: string, topic: string) => db('outbox').where({ key: id, topic }).orderBy('id');
  const tokenOf = async (id: string, key: string) => {
    const { id: recipientId } = await recipient(id, key);
    const links = await eventsOf(id, 'recipient.link_generated');
    const link = links.find((row) => row.payload.data.id === recipientId);
    return String(link?.payload.data.signing_url).split('/sign/')[1] as string;
  };
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AppError ? `${error.status} ${error.message}` : error));

  it('sends once, signs in order and completes the turn, each at the clock\'s time', async () => {
    const id = await createdEnvelope();
    await sendEnvelope(deps, { context, envelopeId: id });
    expect(await db('envelopes').where({ id }).first()).toMatchObject({ status: 'IN_PROGRESS', sent_at: now });
    expect((await recipient(id, 'ana')).status).toBe('IN_PROGRESS');
    expect((await recipient(id, 'bea')).status).toBe('PENDING');
    expect(await eventsOf(id, 'recipient.in_progress')).toHaveLength(1);
    expect(await refusal(sendEnvelope(deps, { context, envelopeId: id }))).toBe('409 Envelope not in CREATED status (it is IN_PROGRESS)');

    expect(await refusal(signEnvelope(deps, { token: await tokenOf(id, 'bea'), body: written('Bea'), identity, requestId: 'req_bea' })))
      .toBe('409 It is not your turn to sign yet: an earlier recipient has not signed');
    now = new Date('2026-11-21T10:05:00.000Z');
    expect(await signEnvelope(deps, { token: await tokenOf(id, 'ana'), body: written('Ana'), identity, requestId: 'req_ana' })).toEqual({ signedAt: now });
    expect(await recipient(id, 'ana')).toMatchObject({ status: 'SIGNED', signed_at: now });
    expect((await recipient(id, 'bea')).status).toBe('IN_PROGRESS');
    expect((await eventsOf(id, 'recipient.signed_all'))[0]?.payload.data).toMatchObject({ ip_address: '203.0.113.7' });
    expect(await refusal(signEnvelope(deps, { token: await tokenOf(id, 'ana'), body: written('Ana'), identity, requestId: 'req_again' })))
      .toBe('409 You have already signed this envelope');
  });

  it('rejects: the recipient REJECTED with the reason, the envelope VOIDED, every link then says so', async () => {
    const id = await createdEnvelope();
    await sendEnvelope(deps, { context, envelopeId: id });
    now = new Date('2026-11-21T11:00:00.000Z');
    await rejectEnvelope(deps, { token: await tokenOf(id, 'ana'), body: { reason: ' Wrong address ' }, identity, requestId: 'req_reject' });
    expect(await recipient(id, 'ana')).toMatchObject({ status: 'REJECTED', rejected_at: now, rejection_reason: 'Wrong address' });
    expect(await db('envelopes').where({ id }).first()).toMatchObject({ status: 'VOIDED', voided_at: now });
    expect(await eventsOf(id, 'envelope.voided')).toHaveLength(1);
    expect(await refusal(rejectEnvelope(deps, { token: await tokenOf(id, 'ana'), body: { reason: 'again' }, identity, requestId: 'req_again' })))
      .toBe('409 The envelope was rejected by a recipient and can no longer be signed');
    expect(await refusal(relaySigningCode(deps, { token: await tokenOf(id, 'bea'), action: 'send_code', body: {}, requestId: 'req_code' })))
      .toBe('409 The envelope was rejected by a recipient and can no longer be signed');
  });

  it('voids any envelope but a completed one, once: voiding again changes nothing', async () => {
    const id = await createdEnvelope();
    now = new Date('2026-11-21T12:00:00.000Z');
    const voided = await voidEnvelope(deps, { context, envelopeId: id });
    expect(voided.envelope).toMatchObject({ status: 'VOIDED', voided_at: now });
    now = new Date('2026-11-21T13:00:00.000Z');
    expect((await voidEnvelope(deps, { context, envelopeId: id })).envelope.voided_at).toEqual(new Date('2026-11-21T12:00:00.000Z'));
    expect(await eventsOf(id, 'envelope.voided')).toHaveLength(1);
    expect(await refusal(sendEnvelope(deps, { context, envelopeId: id }))).toBe('409 Envelope not in CREATED status (it is VOIDED)');

    const completed = await createdEnvelope();
    await db('envelopes').where({ id: completed }).update({ status: 'SUCCESS' });
    expect(await refusal(voidEnvelope(deps, { context, envelopeId: completed }))).toBe('409 Cannot void an envelope in SUCCESS: every recipient has signed');
    expect(await statusOf(completed)).toBe('SUCCESS');
    expect(await refusal(voidEnvelope(deps, { context: { ...context, tenantId: 'globex' }, envelopeId: id }))).toBe('404 Envelope not found');
  });

  it('hands the validation part the recipient with each code request, from the key\'s routes and the signer\'s', async () => {
    const id = await createdEnvelope();
    await sendEnvelope(deps, { context, envelopeId: id });
    const ana = await recipient(id, 'ana');
    expect(await requestValidationCode(deps, { context, envelopeId: id, recipientId: ana.id, action: 'send_code', request: { channel: 'email' } }))
      .toEqual({ status: 200, headers: {}, body: { success: true } });
    await relaySigningCode(deps, { token: await tokenOf(id, 'ana'), action: 'verify_code', body: { code: '123456', ignored: true }, requestId: 'req_code' });
    expect(codeCalls.map(({ action, request }) => [action, request])).toEqual([['send_code', { channel: 'email' }], ['verify_code', { code: '123456' }]]);
    expect(codeCalls[1]?.facts).toMatchObject({ envelope: { id, status: 'IN_PROGRESS', api_key_id: 'key-1' }, recipient: { id: ana.id, email: 'ana@example.com' }, phone: null });
    expect(await refusal(requestValidationCode(deps, { context: { ...context, tenantId: 'globex' }, envelopeId: id, recipientId: ana.id, action: 'send_code', request: {} })))
      .toBe('404 Envelope or recipient not found');
  });
});
