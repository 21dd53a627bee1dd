import type { Knex } from 'knex';
import type { Settings } from '@signet/contracts';
import { openDatabase } from '@signet/db';
import { AppError } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { validationMigrations } from '../migrations';
import { getValidationStatus } from '../src/get-validation-status';
import { openMail } from '../src/mail/mail-cipher';
import type { RecipientFacts } from '../src/recipient-facts';
import { deriveValidationKeys } from '../src/secret-keys';
import { sendCode } from '../src/send-code';
import { codeStore } from '../src/store/code-store';
import { mailStore } from '../src/store/mail-store';
import { smsStore } from '../src/store/sms-store';
import { identityStore } from '../src/identity/identity-store';
import type { ValidationDeps } from '../src/validation-deps';
import { verifyCode } from '../src/verify-code';

const template = { extra_page_intro: '', emails: { email_validation: { subject: 'Code', body: '<p>{{validations.code}}</p>', cta: 'Verify' } }, sms: { phone_validation: { body: '{{validations.code}}' } } };
const validations = { email: { enabled: true, order: 0 }, phone: { enabled: false, order: 0, methods: 'SMS' } } as Settings['validations'];
const facts: RecipientFacts = {
  envelope: {
    id: 'env-1', name: 'Lease', status: 'IN_PROGRESS', api_key_id: 'key-1',
    settings: { validations, localization: { en: template, es: template } as Settings['localization'], signature_flow: { language: 'EN', sender_name: 'Signet' }, branding: { name: null, sender_email: null, reply_to: null } }
  },
  recipient: {
    id: 'rec-1', envelope_id: 'env-1', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: '2026-11-21T09:00:00.000Z', updated_at: '2026-11-21T09:00:00.000Z',
    name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null
  },
  phone: null
};
const context = { tenantId: 'acme', apiKeyId: 'key-1', plan: '', requestId: 'req_test' };

/** send_code and verify_code as plain functions: no HTTP, the test's clock, the envelope part's facts as input. */
describe('the validation code use cases (PostgreSQL, a test clock)', () => {
  let database: TestDatabase;
  let db: Knex;
  let now = new Date('2026-11-21T10:00:00.000Z');
  const keys = deriveValidationKeys('test-internal-secret');
  let deps: ValidationDeps;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'validation', migrations: validationMigrations });
    now = new Date('2026-11-21T10:00:00.000Z');
    deps = {
      db, codes: codeStore(), mails: mailStore(), sms: smsStore(), identity: identityStore(), keys, clock: () => now, jobs: { queueSend: async () => undefined, queueExpiry: async () => undefined }, mailFrom: 'no-reply@signet.localhost',
      smsGuard: { allowedCountries: null, tenantDailyLimit: 100 } as unknown as ValidationDeps['smsGuard'], committed: () => undefined
    };
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  async function emailedCode(): Promise<string> {
    const [mail] = await db('pending_mails').select('id', 'sealed');
    const match = /<p>(\d{6})<\/p>/.exec(openMail(keys.mail, mail.sealed, mail.id).html ?? '');
    return match?.[1] as string;
  }

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AppError ? { status: error.status, message: error.message, headers: error.headers } : error));

  it('sends a code that lives 30 minutes by the clock, 60 s apart, and verifies it once', async () => {
    const sent = await sendCode(deps, { context, facts, channel: 'email' });
    expect(sent.expiresAt).toEqual(new Date('2026-11-21T10:30:00.000Z'));
    expect(sent.limits).toMatchObject({ allowed: true });
    now = new Date('2026-11-21T10:00:30.000Z');
    expect(await refusal(sendCode(deps, { context, facts, channel: 'email' }))).toMatchObject({ status: 429, headers: { 'Retry-After': '30' } });

    const code = await emailedCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await refusal(verifyCode(deps, { context, facts, channel: 'email', code: wrong }))).toMatchObject({ status: 422, message: 'The code is not correct: 2 attempts left' });
    now = new Date('2026-11-21T10:05:00.000Z');
    expect(await verifyCode(deps, { context, facts, channel: 'email', code })).toEqual({ verifiedAt: now });
    expect(await getValidationStatus(deps, { context, envelopeId: 'env-1', recipientId: 'rec-1', validations })).toMatchObject({ required: true, verified: true, verified_at: now.toISOString() });
    expect(await refusal(verifyCode(deps, { context, facts, channel: 'email', code }))).toMatchObject({ status: 404 });
  });

  it('refuses an expired code by the clock, and codes for an envelope that takes none', async () => {
    await sendCode(deps, { context, facts, channel: 'email' });
    const code = await emailedCode();
    now = new Date('2026-11-21T10:30:00.000Z');
    expect(await refusal(verifyCode(deps, { context, facts, channel: 'email', code }))).toMatchObject({ status: 422, message: 'The code has expired: request a new code' });
    const voided = { ...facts, envelope: { ...facts.envelope, status: 'VOIDED' as const } };
    expect(await refusal(sendCode(deps, { context, facts: voided, channel: 'email' }))).toMatchObject({
      status: 409, message: 'Validation codes are only for envelopes IN_PROGRESS (this one is VOIDED)'
    });
  });
});
