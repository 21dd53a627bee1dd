import { SmtpSink, startSmtpSink } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { sentEnvelope, session, sign, written } from './signing/flows';
import { codeIn, sendCode, verifyCode } from './validations/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('signing with email validation, monolith mode', () => {
  let api: TestSignet;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startTestSignet({ SMTP_URL: smtp.url });
  });

  afterAll(async () => {
    await api.close();
    await smtp.stop();
  });

  it('hides the documents (order 0) and refuses to sign (403) until the recipient verified the emailed code', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[validations][email][enabled]': 'TRUE' });
    const token = envelope.tokens.ana as string;
    const before = await session(api, token);
    expect(before.body).toMatchObject({ state: 'READY', validation: { required: true, order: 0, verified: false }, documents: [] });
    const refused = await sign(api, token, written('Ana Lima'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Verify the code emailed to you before signing');

    const ana = before.body.recipient as Body;
    expect((await sendCode(api, KEYS.globex, envelope.id, ana.id)).status).toBe(200);
    const mail = await smtp.waitFor((candidate) => candidate.to.includes(ana.email) && /verification code/.test(candidate.subject), 20_000);
    expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, codeIn(mail))).status).toBe(200);

    const after = await session(api, token);
    expect(after.body).toMatchObject({ validation: { required: true, verified: true }, documents: [{ name: 'contract.pdf' }] });
    expect((await sign(api, token, written('Ana Lima'))).status).toBe(200);
  });
});
