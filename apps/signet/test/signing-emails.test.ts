import type { ConsumedEvent } from '@signet/bus';
import type { EventType } from '@signet/contracts';
import { type ReceivedMail, type SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, TestSignet } from './harness';
import { announced, handled } from './part-tables';
import { drawn, reject, sentEnvelope, session, sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The inbox name of the envelope part's consumer that queues lifecycle emails. */
const MAIL_CONSUMER = 'lifecycle-mails';

/** The invitation's tracked link and pixel. */
function trackingOf(mail: ReceivedMail): { link: string; pixel: string } {
  const link = /href="([^"]+\/email\/v1\/links\/[^"]+)"/.exec(mail.html)?.[1];
  const pixel = /src="([^"]+\/email\/v1\/pixels\/[^"]+)"/.exec(mail.html)?.[1];
  if (!link || !pixel) throw new Error(`no tracked link or pixel in: ${mail.html}`);
  return { link, pixel };
}

describe.each(INFRASTRUCTURE_MODES)('lifecycle emails and recipient email events, %s', (_mode, infrastructure) => {
  let api: TestSignet;
  let smtp: SmtpSink;
  let closeInfrastructure: () => Promise<void>;

  const eventsOf = (id: string, type: string, recipientId?: string): ConsumedEvent[] => api.events.filter((event) =>
    event.key === id && event.event.event_type === type && (recipientId === undefined || (event.event.data as Body).id === recipientId));
  const recipientIds = async (id: string): Promise<Record<string, string>> => {
    const shown = (await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope as Body;
    return Object.fromEntries((shown.envelope_signers as Body[]).map((signer) => [signer.custom_key, signer.id]));
  };
  const mailTo = (address: string, subject: RegExp, timeoutMs = 20_000) =>
    smtp.waitFor((mail) => mail.to.includes(address) && subject.test(mail.subject), timeoutMs);
  const mailsTo = (address: string) => smtp.messages().filter((mail) => mail.to.includes(address));
  /** The lifecycle emails the envelope part has queued for an envelope: whatever it will ever send of them is here. */
  const queuedMails = async (id: string): Promise<Body[]> =>
    api.tables('envelope.lifecycle_mails').where({ envelope_id: id }).orderBy('id').select('recipient_id', 'kind', 'status');
  const announcedFor = async (id: string, type: EventType, recipientId: string) =>
    (await announced(api, 'envelope', type, id)).filter((event) => (event.data as Body).id === recipientId);
  const emailOf = async (id: string, key: string): Promise<string> => {
    const shown = (await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope as Body;
    return (shown.envelope_signers as Body[]).find((signer) => signer.custom_key === key)?.email as string;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink({ rejectRecipients: (address) => address.endsWith('@bounce.test') });
    const infra = await infrastructure();
    closeInfrastructure = infra.close;
    api = await startTestSignet({ ...infra.env, SMTP_URL: smtp.url });
  });

  afterAll(async () => {
    await api.close();
    await closeInfrastructure();
    await smtp.stop();
  });

  it('invites with the branding and a tracked link that opens the signing page; pixel and link count once each', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, {
      'settings[branding][name]': 'Acme Legal', 'settings[branding][sender_email]': 'legal@acme.example', 'settings[branding][reply_to]': 'help@acme.example',
      'settings[signature_flow][sender_name]': 'Acme Contracts'
    });
    const ids = await recipientIds(envelope.id);
    const mail = await mailTo(await emailOf(envelope.id, 'ana'), /sent you "contract.pdf" to sign/);
    expect(mail.subject).toBe('Acme Contracts sent you "contract.pdf" to sign');
    expect(mail.headers.from).toBe('Acme Contracts <legal@acme.example>');
    expect(mail.headers['reply-to']).toBe('help@acme.example');
    expect(mail.text).toMatch(/^Acme Legal$/m);
    expect(mail.text).toMatch(/^Hello Ana Lima,$/m);
    expect(mail.html).not.toContain(envelope.tokens.ana);

    const { link, pixel } = trackingOf(mail);
    expect(mail.text).toContain(link);
    for (let round = 0; round < 2; round += 1) {
      const click = await fetch(link, { redirect: 'manual' });
      expect(click.status).toBe(302);
      expect(click.headers.get('location')).toBe(`${api.url}/sign/${envelope.tokens.ana}`);
      const open = await fetch(pixel);
      expect(open.status).toBe(200);
      expect(open.headers.get('content-type')).toBe('image/gif');
    }
    expect((await session(api, envelope.tokens.ana as string)).body).toMatchObject({ state: 'READY' });
    expect((await fetch(`${api.url}/email/v1/links/not-a-token`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${api.url}/email/v1/pixels/not-a-token`)).status).toBe(200);

    const types: EventType[] = ['recipient.email_sent', 'recipient.email_received', 'recipient.email_opened', 'recipient.email_clicked'];
    for (const type of types) await waitFor(() => eventsOf(envelope.id, type, ids.ana).length > 0, 20_000, type);
    // Opens and clicks were decided before they were answered; sending and receiving follow the invitations
    // queued, and ana's one invitation is SENT, so no other can follow. The outbox holds all there will be.
    expect((await queuedMails(envelope.id)).filter((mail) => mail.recipient_id === ids.ana)).toEqual([{ recipient_id: ids.ana, kind: 'INVITATION', status: 'SENT' }]);
    for (const type of types) {
      expect(await announcedFor(envelope.id, type, ids.ana as string)).toHaveLength(1);
      const found = eventsOf(envelope.id, type, ids.ana);
      expect(found).toHaveLength(1);
      expect(found[0]?.event.data).toMatchObject({ id: ids.ana, envelope_id: envelope.id, email: mail.to[0] });
      expect(JSON.stringify(found[0]?.event)).not.toContain(envelope.tokens.ana);
    }
  });

  it('points signing links at branding.url_signature_flow, tracked on Signet; the token still opens Signet\'s own /sign/ page', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, {
      'settings[branding][url_signature_flow]': 'https://sign.example.com/', 'settings[branding][url_homepage]': 'https://acme.example/home?a=1&b=2',
      'settings[branding][logo]': 'https://cdn.example.com/logo.png', 'settings[branding][name]': 'Acme Legal'
    });
    const ids = await recipientIds(envelope.id);
    const generated = eventsOf(envelope.id, 'recipient.link_generated', ids.ana);
    expect(generated).toHaveLength(1);
    expect((generated[0]?.event.data as Body).signing_url).toBe(`https://sign.example.com/sign/${envelope.tokens.ana}`);

    const mail = await mailTo(await emailOf(envelope.id, 'ana'), /to sign/);
    expect(mail.html).toContain('<a href="https://acme.example/home?a=1&amp;b=2" target="_blank" rel="noopener noreferrer" style="color:#1d4ed8"><img src="https://cdn.example.com/logo.png"');
    const { link, pixel } = trackingOf(mail);
    expect(link.startsWith(`${api.url}/email/v1/links/`)).toBe(true);
    expect(pixel.startsWith(`${api.url}/email/v1/pixels/`)).toBe(true);
    const click = await fetch(link, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe(`https://sign.example.com/sign/${envelope.tokens.ana}`);

    // The custom domain is the integrator's to point at the gateway: the same path there opens the page.
    const page = await fetch(`${api.url}/sign/${envelope.tokens.ana}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-state="READY"');
    expect(html).toContain('<a class="brand-link" href="https://acme.example/home?a=1&amp;b=2" target="_blank" rel="noopener noreferrer"><img class="logo"');
    expect((await session(api, envelope.tokens.ana as string)).body).toMatchObject({
      state: 'READY', envelope: { branding: { name: 'Acme Legal', logo: 'https://cdn.example.com/logo.png', url_homepage: 'https://acme.example/home?a=1&b=2' } }
    });
  });

  it('invites the second SEQUENTIAL recipient only after the first has signed', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[signature_flow][signature_order]': 'SEQUENTIAL' });
    const ids = await recipientIds(envelope.id);
    const ben = await emailOf(envelope.id, 'ben');
    await mailTo(await emailOf(envelope.id, 'ana'), /to sign/);
    // The send announced ana's turn alone, and ana's invitation shows it has been handled: nothing is queued for ben.
    expect((await announced(api, 'envelope', 'recipient.in_progress', envelope.id)).map((event) => (event.data as Body).id)).toEqual([ids.ana]);
    expect((await queuedMails(envelope.id)).map((mail) => mail.recipient_id)).toEqual([ids.ana]);
    expect(mailsTo(ben)).toHaveLength(0);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    const invitation = await mailTo(ben, /to sign/);
    const click = await fetch(trackingOf(invitation).link, { redirect: 'manual' });
    expect(click.headers.get('location')).toBe(`${api.url}/sign/${envelope.tokens.ben}`);
  });

  it('writes in Spanish for an ES envelope', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[signature_flow][language]': 'ES' });
    const mail = await mailTo(await emailOf(envelope.id, 'ana'), /para firmar/);
    expect(mail.subject).toBe('Signet le envió "contract.pdf" para firmar');
    expect(mail.text).toContain('Hola Ana Lima:');
    expect(mail.html).toContain('Revisar y firmar');
  });

  it('sends no invitation when its toggle is FALSE', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[emails][envelope_invitation]': 'FALSE' });
    const turns = await waitFor(() => {
      const found = eventsOf(envelope.id, 'recipient.in_progress');
      return found.length === 2 && found;
    }, 20_000, 'recipient.in_progress');
    // Once both turns are handled, every email they called for is queued: none.
    for (const turn of turns) await waitFor(() => handled(api, 'envelope', MAIL_CONSUMER, turn.event.id), 20_000, 'the turn handled');
    expect(await queuedMails(envelope.id)).toEqual([]);
    expect(mailsTo(await emailOf(envelope.id, 'ana'))).toHaveLength(0);
    expect(eventsOf(envelope.id, 'recipient.email_sent')).toHaveLength(0);
  });

  it('tells every recipient when the sender voids the envelope', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await api.call('PUT', `/api/v1/envelopes/${envelope.id}/void`, { key: KEYS.globex })).status).toBe(200);
    for (const key of ['ana', 'ben']) {
      const mail = await mailTo(await emailOf(envelope.id, key), /was voided/);
      expect(mail.subject).toBe('"contract.pdf" was voided');
    }
  });

  it('tells the other recipients of a rejection, with the reason, and sends no voided email for it', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const ids = await recipientIds(envelope.id);
    const ana = await emailOf(envelope.id, 'ana');
    expect((await reject(api, envelope.tokens.ben as string, 'Wrong amount')).status).toBe(200);
    const mail = await mailTo(ana, /was rejected/);
    expect(mail.text).toContain('Ben Ode rejected "contract.pdf"');
    expect(mail.text).toContain('Reason: Wrong amount');
    const [voided] = await waitFor(() => {
      const found = eventsOf(envelope.id, 'envelope.voided');
      return found.length === 1 && found;
    }, 20_000, 'envelope.voided');
    // The rejection's emails were queued before ana's arrived; once the void is handled too, all are queued.
    await waitFor(() => handled(api, 'envelope', MAIL_CONSUMER, voided?.event.id as string), 20_000, 'the void handled');
    const told = (await queuedMails(envelope.id)).filter((queued) => queued.kind !== 'INVITATION').map((queued) => [queued.recipient_id, queued.kind]);
    expect(told).toEqual([[ids.ana, 'REJECTED']]);
    expect(mailsTo(await emailOf(envelope.id, 'ben')).filter((candidate) => /rejected|voided/.test(candidate.subject))).toHaveLength(0);
    expect(mailsTo(ana).filter((candidate) => /voided/.test(candidate.subject))).toHaveLength(0);
  });

  it('records a bounce when the server refuses the address, and one reported with the bounce token', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'recipients[ben][email]': `ben.${Date.now()}@bounce.test` });
    const ids = await recipientIds(envelope.id);
    await waitFor(() => eventsOf(envelope.id, 'recipient.email_bounced', ids.ben).length === 1, 20_000, 'email_bounced for ben');
    expect(eventsOf(envelope.id, 'recipient.email_received', ids.ben)).toHaveLength(0);

    const mail = await mailTo(await emailOf(envelope.id, 'ana'), /to sign/);
    const token = mail.headers['x-signet-bounce'] as string;
    const forged = await api.call('POST', '/email/v1/bounces', { key: null, json: { bounce_token: `${token.split('.')[0]}.forged` } });
    expect(forged.status).toBe(404);
    for (let round = 0; round < 2; round += 1) {
      expect((await api.call('POST', '/email/v1/bounces', { key: null, json: { bounce_token: token } })).status).toBe(200);
    }
    // Each report committed whatever it announced before it was answered.
    expect(await announcedFor(envelope.id, 'recipient.email_bounced', ids.ana as string)).toHaveLength(1);
    await waitFor(() => eventsOf(envelope.id, 'recipient.email_bounced', ids.ana).length === 1, 20_000, 'email_bounced for ana');
    expect(eventsOf(envelope.id, 'recipient.email_bounced', ids.ana)).toHaveLength(1);
  });

  it('sends the completed email with links to the signed PDFs on SUCCESS', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, written('Ben Ode'))).status).toBe(200);
    // Completion seals PAdES B-LTA (and, the first time, makes the development CA): seconds on a busy host.
    const mail = await mailTo(await emailOf(envelope.id, 'ben'), /is signed/, 100_000);
    expect(mail.subject).toBe('"contract.pdf" is signed');
    const url = /- contract\.pdf: (\S+)/.exec(mail.text)?.[1] as string;
    const signed = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(signed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
    expect(shown.status).toBe('SUCCESS');
    expect(((shown.documents as Body[])[0] as Body).sha256).toBe((await import('node:crypto')).createHash('sha256').update(signed).digest('hex'));
  }, 150_000);
});
