import type { ConsumedEvent } from '@signet/bus';
import { SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, TestSignet } from './harness';
import { codeIn, envelopeWithValidation, gate, sendCode, verifyCode } from './validations/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const VALIDATION_EVENTS = ['recipient.validation_code_generated', 'recipient.validation_code_sent', 'recipient.validation_code_success'];

describe.each(INFRASTRUCTURE_MODES)('email validation through the gateway, %s', (_mode, infrastructure) => {
  let api: TestSignet;
  let smtp: SmtpSink;
  let closeInfrastructure: () => Promise<void>;

  const eventsOf = (envelopeId: string, type: string): ConsumedEvent[] =>
    api.events.filter((event) => event.key === envelopeId && event.event.event_type === type);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const infra = await infrastructure();
    closeInfrastructure = infra.close;
    api = await startTestSignet({ ...infra.env, SMTP_URL: smtp.url });
  });

  afterAll(async () => {
    await api.close();
    await closeInfrastructure();
    await smtp.stop();
  });

  it('emails a 6-digit code over SMTP that verifies the recipient, with the events and the gate to show for it', async () => {
    const envelope = await envelopeWithValidation(api, KEYS.globex);
    const ana = envelope.signers[0] as { id: string; email: string };
    expect(await gate(api, 'globex', envelope.id, ana.id)).toMatchObject({ required: true, order: 0, verified: false, verified_at: null });

    const sent = await sendCode(api, KEYS.globex, envelope.id, ana.id);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, expires_at: expect.any(String), request_id: expect.any(String) });
    const lifetime = new Date(sent.body.expires_at as string).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000);

    const mail = await smtp.waitFor((candidate) => candidate.to.includes(ana.email), 20_000);
    expect(mail.subject).toBe('Your verification code for contract.pdf');
    expect(mail.from).toBe('no-reply@signet.localhost');
    expect(mail.headers.from).toBe('Signet <no-reply@signet.localhost>');
    expect(mail.text).toMatch(/^Hello Ana Lima,/m);
    const code = codeIn(mail);
    expect(mail.html).toContain(code);
    // A code verified before its delivery is recorded makes a code_sent that already reads VERIFIED.
    await waitFor(() => eventsOf(envelope.id, 'recipient.validation_code_sent').length === 1, 20_000, 'recipient.validation_code_sent');

    const verified = await verifyCode(api, KEYS.globex, envelope.id, ana.id, code);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, verified_at: expect.any(String), request_id: expect.any(String) });
    expect(await gate(api, 'globex', envelope.id, ana.id)).toMatchObject({ required: true, order: 0, verified: true, verified_at: verified.body.verified_at });
    const again = await verifyCode(api, KEYS.globex, envelope.id, ana.id, code);
    expect(again.status).toBe(404);

    await waitFor(() => VALIDATION_EVENTS.every((type) => eventsOf(envelope.id, type).length === 1), 20_000, 'generated, sent and success');
    const [created] = await waitFor(() => eventsOf(envelope.id, 'envelope.created').length === 1 && eventsOf(envelope.id, 'envelope.created'), 20_000, 'envelope.created');
    for (const type of VALIDATION_EVENTS) {
      const [event] = eventsOf(envelope.id, type) as [ConsumedEvent];
      expect(event.headers).toMatchObject({ tenantId: 'globex', apiKeyId: created?.headers.apiKeyId });
      expect(event.event.data).toMatchObject({
        id: ana.id, envelope_id: envelope.id, custom_key: 'ana', order: 0, status: 'IN_PROGRESS', name: 'Ana Lima', name_label: null, email: ana.email,
        email_label: null, created_at: expect.any(String), updated_at: expect.any(String),
        validation: { id: expect.any(String), attempts_left: 3, expires_at: sent.body.expires_at }
      });
      expect(JSON.stringify(event.event)).not.toMatch(new RegExp(`(?<![0-9.])${code}(?![0-9])`));
    }
    const data = (type: string) => (eventsOf(envelope.id, type)[0] as ConsumedEvent).event.data as Body;
    expect(data('recipient.validation_code_generated').validation).toMatchObject({ status: 'PENDING', sent_at: null, verified_at: null });
    expect(data('recipient.validation_code_sent').validation).toMatchObject({ status: 'PENDING', sent_at: expect.any(String) });
    expect(data('recipient.validation_code_success').validation).toMatchObject({ status: 'VERIFIED', verified_at: verified.body.verified_at });
  });
});
