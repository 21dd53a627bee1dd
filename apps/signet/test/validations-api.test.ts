import knex, { Knex } from 'knex';
import { SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { codeIn, envelopeWithValidation, gate, sendCode, Signer, validationsPath, verifyCode, wrongCode } from './validations/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The code as a whole number in text: not inside a longer number, nor the microseconds of a timestamp. */
const asNumber = (code: string) => new RegExp(`(?<![0-9.])${code}(?![0-9])`);

/** Every table of every schema in the database, as text, row by row: where the code shows, if anywhere. */
async function tablesHolding(db: Knex, code: string): Promise<string[]> {
  const tables: Array<{ table_schema: string; table_name: string }> = await db('information_schema.tables')
    .select('table_schema', 'table_name').where({ table_type: 'BASE TABLE' }).whereNotIn('table_schema', ['pg_catalog', 'information_schema']);
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const { rows } = await db.raw('SELECT t::text AS row FROM ??.?? t', [schema, table]);
    if (rows.some((row: { row: string }) => asNumber(code).test(row.row))) found.push(`${schema}.${table}`);
  }
  return found;
}

describe('email validation API: status codes, isolation, templates, storage', () => {
  let api: TestSignet;
  let smtp: SmtpSink;
  let db: Knex;
  let holding: Promise<void> | null = null;

  const mailTo = (signer: Signer) => smtp.waitFor((mail) => mail.to.includes(signer.email), 20_000);

  beforeAll(async () => {
    smtp = await startSmtpSink({ holdReply: () => holding ?? Promise.resolve() });
    api = await startTestSignet({ SMTP_URL: smtp.url });
    db = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string });
  });

  afterAll(async () => {
    await db.destroy();
    await api.close();
    await smtp.stop();
  });

  describe('who may ask', () => {
    it('answers 401 without a valid API key', async () => {
      const envelope = await envelopeWithValidation(api, KEYS.globex);
      const ana = envelope.signers[0] as Signer;
      for (const key of [null, 'not-a-key', `Bearer ${KEYS.globex}`]) {
        expect((await sendCode(api, key as string, envelope.id, ana.id)).status).toBe(401);
        expect((await verifyCode(api, key as string, envelope.id, ana.id, '123456')).status).toBe(401);
      }
    });

    it('answers the same 404 for an unknown envelope, an unknown recipient and another tenant\'s, and does nothing', async () => {
      const envelope = await envelopeWithValidation(api, KEYS.globex);
      const ana = envelope.signers[0] as Signer;
      const codesBefore = await db('validation.validation_codes').count({ n: '*' });
      const misses: Array<[string, string, string]> = [
        ['an unknown envelope', '0190a6b2-7c3e-7000-8000-000000000000', ana.id],
        ['an unknown recipient', envelope.id, '0190a6b2-7c3e-7000-8000-000000000000'],
        ['a recipient of another envelope', (await envelopeWithValidation(api, KEYS.globex)).id, ana.id]
      ];
      const answers: Body[] = [];
      for (const [, envelopeId, recipientId] of misses) {
        for (const response of [await sendCode(api, KEYS.globex, envelopeId, recipientId), await verifyCode(api, KEYS.globex, envelopeId, recipientId, '123456')]) {
          expect(response.status).toBe(404);
          answers.push(response.body);
        }
      }
      for (const response of [await sendCode(api, KEYS.acme, envelope.id, ana.id), await verifyCode(api, KEYS.acme, envelope.id, ana.id, '123456')]) {
        expect(response.status).toBe(404);
        answers.push(response.body);
      }
      const withoutIds = answers.map(({ request_id: _requestId, ...rest }) => rest);
      expect(new Set(withoutIds.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify({ error: 'Envelope or recipient not found', code: 'NOT_FOUND' })]));
      expect(await db('validation.validation_codes').count({ n: '*' })).toEqual(codesBefore);
      expect(smtp.messages().filter((mail) => mail.to.includes(ana.email))).toEqual([]);
    });

    it('answers 409 where a code has no use: validation off, envelope not sent, or voided; verify_code without a pending code is 404', async () => {
      const off = await envelopeWithValidation(api, KEYS.globex, { 'settings[validations][email][enabled]': 'FALSE' });
      const unsent = await envelopeWithValidation(api, KEYS.globex, {}, { send: false });
      const voided = await envelopeWithValidation(api, KEYS.globex);
      expect((await api.call('PUT', `/api/v1/envelopes/${voided.id}/void`, { key: KEYS.globex })).status).toBe(200);
      for (const [envelope, message] of [[off, /not enabled/], [unsent, /CREATED/], [voided, /VOIDED/]] as const) {
        const recipient = envelope.signers[0] as Signer;
        const sent = await sendCode(api, KEYS.globex, envelope.id, recipient.id);
        expect(sent.status).toBe(409);
        expect(sent.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(message) });
        const verified = await verifyCode(api, KEYS.globex, envelope.id, recipient.id, '123456');
        expect(verified.status).toBe(404);
        expect(verified.body).toMatchObject({ code: 'NOT_FOUND', error: expect.stringMatching(/No pending validation code/) });
      }
    });
  });

  describe('verify_code input', () => {
    it('answers 404 when no code was sent, 400 for unreadable JSON, 415 for another content type and 422 for a missing or malformed code', async () => {
      const envelope = await envelopeWithValidation(api, KEYS.globex);
      const ana = envelope.signers[0] as Signer;
      const path = `${validationsPath(envelope.id, ana.id)}/verify_code`;
      const none = await verifyCode(api, KEYS.globex, envelope.id, ana.id, '123456');
      expect(none.status).toBe(404);
      expect(none.body).toMatchObject({ code: 'NOT_FOUND', error: expect.stringMatching(/No pending validation code/) });
      expect((await api.call('POST', path, { key: KEYS.globex })).status).toBe(422);
      const unreadable = await fetch(`${api.url}${path}`, { method: 'POST', headers: { authorization: KEYS.globex, 'content-type': 'application/json' }, body: '{"code":' });
      expect(unreadable.status).toBe(400);
      expect((await api.call('POST', path, { key: KEYS.globex, form: { code: '123456' } })).status).toBe(415);
      for (const code of [undefined, '12345', '1234567', '12a456', 123456, ' 123456']) {
        const refused = await verifyCode(api, KEYS.globex, envelope.id, ana.id, code);
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'code' }] });
      }
      expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, { code: '123456', extra: true })).status).toBe(422);
    });

    it('does not count a malformed code as an attempt', async () => {
      const envelope = await envelopeWithValidation(api, KEYS.globex);
      const ana = envelope.signers[0] as Signer;
      expect((await sendCode(api, KEYS.globex, envelope.id, ana.id)).status).toBe(200);
      const code = codeIn(await mailTo(ana));
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, 'abc')).status).toBe(422);
      const wrong = await verifyCode(api, KEYS.globex, envelope.id, ana.id, wrongCode(code));
      expect(wrong.body.error).toBe('The code is not correct: 2 attempts left');
      expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, code)).status).toBe(200);
    });
  });

  describe('the email', () => {
    it('is in Spanish for an envelope whose flow is in ES', async () => {
      const envelope = await envelopeWithValidation(api, KEYS.globex, { 'settings[signature_flow][language]': 'ES' });
      const ana = envelope.signers[0] as Signer;
      expect((await sendCode(api, KEYS.globex, envelope.id, ana.id)).status).toBe(200);
      const mail = await mailTo(ana);
      expect(mail.subject).toBe('Tu código de verificación para contract.pdf');
      expect(mail.text).toMatch(/^Verificar\n\nHola Ana Lima:/);
      expect(mail.text).toMatch(/Caduca el \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
      expect(mail.html).toContain('<html lang="es">');
      expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, codeIn(mail))).status).toBe(200);
    });

    it('follows a customised template, sender and reply-to', async () => {
      const template = 'settings[localization][en][emails][email_validation]';
      const envelope = await envelopeWithValidation(api, KEYS.globex, {
        name: 'Lease & annex',
        [`${template}[subject]`]: 'Acme: confirm {{ envelope.name }}',
        [`${template}[body]`]: '<p>Dear {{recipient.name}} ({{recipient.email}}),</p><p>enter <b>{{validations.code}}</b> before {{validations.expires_at}}.</p>',
        [`${template}[cta]`]: 'Confirm it is you',
        'settings[branding][sender_email]': 'sign@acme.example',
        'settings[branding][reply_to]': 'legal@acme.example',
        'settings[signature_flow][sender_name]': 'Acme Legal'
      });
      const ana = envelope.signers[0] as Signer;
      const sent = await sendCode(api, KEYS.globex, envelope.id, ana.id);
      const mail = await mailTo(ana);
      const expiry = `${(sent.body.expires_at as string).slice(0, 16).replace('T', ' ')} UTC`;
      expect(mail.subject).toBe('Acme: confirm Lease & annex');
      expect(mail.from).toBe('sign@acme.example');
      expect(mail.headers.from).toBe('Acme Legal <sign@acme.example>');
      expect(mail.headers['reply-to']).toBe('legal@acme.example');
      const code = /enter ([0-9]{6}) before/.exec(mail.text)?.[1] as string;
      expect(mail.text).toBe(`Confirm it is you\n\nDear Ana Lima (${ana.email}),\nenter ${code} before ${expiry}.`);
      expect(mail.html).toContain(`<p>Dear Ana Lima (${ana.email}),</p><p>enter <b>${code}</b> before ${expiry}.</p>`);
      expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, code)).status).toBe(200);
    });
  });

  describe('storage', () => {
    it('never holds the code in clear: not while the email waits to be sent, not after, not after attempts', async () => {
      const envelope = await envelopeWithValidation(api, KEYS.globex);
      const ana = envelope.signers[0] as Signer;
      let release = (): void => undefined;
      holding = new Promise<void>((resolve) => (release = resolve));
      let code: string;
      try {
        expect((await sendCode(api, KEYS.globex, envelope.id, ana.id)).status).toBe(200);
        code = codeIn(await mailTo(ana));
        // The SMTP server has the mail but has not answered: the worker still holds its encrypted copy.
        const [waiting] = await db('validation.pending_mails').join('validation.validation_codes', 'validation_codes.id', 'pending_mails.code_id')
          .where({ 'validation_codes.recipient_id': ana.id }).select('pending_mails.sealed', 'validation_codes.code_hash');
        expect(waiting.sealed.length).toBeGreaterThan(100);
        expect(waiting.code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(await tablesHolding(db, code)).toEqual([]);
      } finally {
        release();
        holding = null;
      }
      await waitFor(async () => (await db('validation.pending_mails').join('validation.validation_codes', 'validation_codes.id', 'pending_mails.code_id')
        .where({ 'validation_codes.recipient_id': ana.id })).length === 0, 10_000, 'the mail to be sent and forgotten');
      expect(await tablesHolding(db, code)).toEqual([]);
      expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, wrongCode(code))).status).toBe(422);
      expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, code)).status).toBe(200);
      expect(await tablesHolding(db, code)).toEqual([]);
    });
  });

  describe('the gate for the signing flow', () => {
    it('tells whether validation applies, where, and whether the recipient passed it', async () => {
      const before = await envelopeWithValidation(api, KEYS.globex, { 'settings[validations][email][order]': '1' });
      const [ana, ben] = before.signers as [Signer, Signer];
      const off = await envelopeWithValidation(api, KEYS.globex, { 'settings[validations][email][enabled]': 'FALSE' });
      expect(await gate(api, 'globex', before.id, ana.id)).toEqual({
        required: true, order: 1, verified: false, verified_at: null, request_id: expect.any(String),
        channels: {
          email: { required: true, order: 1, verified: false, verified_at: null }, sms: { required: false, order: 0, verified: false, verified_at: null },
          id_check: {
            required: false, order: 0, verified: false, verified_at: null, status: 'PENDING', provider: 'local', attempts_left: 3, reasons: [],
            document_kinds: 'PASSPORT,ID_CARD,DRIVING_LICENCE', countries: null
          },
          biometric: { required: false, order: 0, verified: false, verified_at: null, status: 'PENDING', provider: 'local', attempts_left: 3, reasons: [] }
        },
        identity_consent: { required: false, version: expect.any(String), given_at: null }
      });
      expect(await gate(api, 'globex', off.id, (off.signers[0] as Signer).id)).toMatchObject({ required: false, order: 0, verified: false });
      await sendCode(api, KEYS.globex, before.id, ana.id);
      const verified = await verifyCode(api, KEYS.globex, before.id, ana.id, codeIn(await mailTo(ana)));
      expect(await gate(api, 'globex', before.id, ana.id)).toMatchObject({ verified: true, verified_at: verified.body.verified_at });
      expect(await gate(api, 'globex', before.id, ben.id)).toMatchObject({ verified: false });
      await expect(gate(api, 'acme', before.id, ana.id)).rejects.toMatchObject({ status: 404 });
    });
  });
});
