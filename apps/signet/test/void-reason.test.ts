import { type SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { announced } from './part-tables';
import { sentEnvelope, session } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** PUT /api/v1/envelopes/:id/void with and without a reason, through the gateway: the envelope, its event, the voided email, the evidence timeline. */
describe('voiding with a reason', () => {
  let api: TestSignet;
  let smtp: SmtpSink;

  const voidIt = (id: string, init: { json?: unknown; body?: string; contentType?: string } = {}) => init.json !== undefined
    ? api.call('PUT', `/api/v1/envelopes/${id}/void`, { key: KEYS.globex, json: init.json })
    : fetch(`${api.url}/api/v1/envelopes/${id}/void`, {
      method: 'PUT', headers: { authorization: KEYS.globex, ...(init.contentType ? { 'content-type': init.contentType } : {}) }, body: init.body
    }).then(async (response) => ({ status: response.status, body: JSON.parse(await response.text()) as Body }));
  const envelopeOf = async (id: string): Promise<Body> => (await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope as Body;
  const emailOf = async (id: string, key: string): Promise<string> =>
    ((await envelopeOf(id)).envelope_signers as Body[]).find((signer) => signer.custom_key === key)?.email as string;
  const voidedEvent = (id: string) => waitFor(() => api.events.find((event) => event.key === id && event.event.event_type === 'envelope.voided'), 20_000, 'envelope.voided');
  const voidedMailTo = async (id: string, key: string) => {
    const address = await emailOf(id, key);
    return smtp.waitFor((mail) => mail.to.includes(address) && mail.subject.endsWith('was voided'), 20_000);
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startTestSignet({ SMTP_URL: smtp.url });
  });

  afterAll(async () => {
    await api.close();
    await smtp.stop();
  });

  it('keeps the trimmed reason on the envelope and carries it in envelope.voided, the voided email (as text) and the evidence timeline', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const answer = await voidIt(envelope.id, { json: { reason: '  Replaced by <b>v2</b> & "re-sent"\n' } });
    const reason = 'Replaced by <b>v2</b> & "re-sent"';
    expect(answer).toMatchObject({ status: 200, body: { success: true, envelope: { status: 'VOIDED', void_reason: reason } } });
    expect(await envelopeOf(envelope.id)).toMatchObject({ status: 'VOIDED', void_reason: reason });
    expect(((await voidedEvent(envelope.id)).event.data as Body).void_reason).toBe(reason);

    for (const key of ['ana', 'ben']) {
      const mail = await voidedMailTo(envelope.id, key);
      expect(mail.text).toContain(`Reason: ${reason}`);
      expect(mail.html).toContain('Reason: Replaced by &lt;b&gt;v2&lt;/b&gt; &amp; &quot;re-sent&quot;');
      expect(mail.html).not.toContain('<b>v2</b>');
    }

    const timeline = await waitFor(async () => api.tables('evidence.timeline_events').where({ envelope_id: envelope.id, event_type: 'envelope.voided' }).first(), 20_000, 'the void in the timeline');
    expect(timeline.details).toEqual({ status: 'VOIDED', reason });
  });

  it('voids as before without a reason: no body, an empty form body or {}; void_reason is null and the email gives none', async () => {
    const bare = await sentEnvelope(api, KEYS.globex);
    expect(await voidIt(bare.id)).toMatchObject({ status: 200, body: { envelope: { status: 'VOIDED', void_reason: null } } });
    const mail = await voidedMailTo(bare.id, 'ana');
    expect(mail.text).not.toMatch(/Reason:/);
    expect(((await voidedEvent(bare.id)).event.data as Body).void_reason).toBeNull();
    const timeline = await waitFor(async () => api.tables('evidence.timeline_events').where({ envelope_id: bare.id, event_type: 'envelope.voided' }).first(), 20_000, 'the void in the timeline');
    expect(timeline.details).toEqual({ status: 'VOIDED' });

    const emptyForm = await sentEnvelope(api, KEYS.globex);
    expect(await voidIt(emptyForm.id, { body: '', contentType: 'application/x-www-form-urlencoded' })).toMatchObject({ status: 200, body: { envelope: { status: 'VOIDED', void_reason: null } } });
    const emptyJson = await sentEnvelope(api, KEYS.globex);
    expect(await voidIt(emptyJson.id, { json: {} })).toMatchObject({ status: 200, body: { envelope: { status: 'VOIDED', void_reason: null } } });
  });

  it('refuses a reason over 500 characters, a blank one, an unknown field and a body of another type, and changes nothing', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const tooLong = await voidIt(envelope.id, { json: { reason: 'x'.repeat(501) } });
    expect(tooLong).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED', details: [{ field: 'reason', message: 'must be 1 to 500 characters' }] } });
    expect(await voidIt(envelope.id, { json: { reason: ' \n ' } })).toMatchObject({ status: 422, body: { details: [{ field: 'reason' }] } });
    expect(await voidIt(envelope.id, { json: { reasons: 'typo' } })).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED' } });
    expect(await voidIt(envelope.id, { body: 'reason=Wrong', contentType: 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });

    expect(await envelopeOf(envelope.id)).toMatchObject({ status: 'IN_PROGRESS', void_reason: null });
    expect((await session(api, envelope.tokens.ana as string)).status).toBe(200);
    expect(await announced(api, 'envelope', 'envelope.voided', envelope.id)).toEqual([]);

    // 500 characters once trimmed is the most a reason may hold; voiding again keeps the first reason.
    const longest = 'y'.repeat(500);
    expect(await voidIt(envelope.id, { json: { reason: ` ${longest} ` } })).toMatchObject({ status: 200, body: { envelope: { status: 'VOIDED', void_reason: longest } } });
    expect(await voidIt(envelope.id, { json: { reason: 'Another reason' } })).toMatchObject({ status: 200, body: { envelope: { void_reason: longest } } });
    expect(await announced(api, 'envelope', 'envelope.voided', envelope.id)).toHaveLength(1);
  });
});
