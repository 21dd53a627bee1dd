import { execFileSync } from 'node:child_process';
import type { ConsumedEvent } from '@signet/bus';
import { type ReceivedMail, samplePdf, type SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { createSignetClient } from '@signet/sdk';
import { startSignet } from '../src/start-signet';
import { startChromium } from './browser/chromium';
import { seriousViolations } from './browser/page-checks';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { sentEnvelope, session, sign, written } from './signing/flows';
import { createWebhook, verifySignature } from './webhooks/flows';
import { type Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY_MS = 86_400_000;
/** What an integrator watches: the events of expiry and reminders, and the sending before them. */
const WATCHED = ['envelope.in_progress', 'recipient.reminder_sent', 'recipient.expiry_warning_sent', 'envelope.expired', 'envelope.reactivated', 'envelope.voided'];

/** An email by what it says (English subjects): invitation, reminder, warning, expired or voided. */
function kindOf(mail: ReceivedMail): string {
  if (mail.subject.startsWith('Reminder:')) return 'reminder';
  if (mail.subject.endsWith('expires soon')) return 'warning';
  if (mail.subject.endsWith('expired')) return 'expired';
  if (mail.subject.includes('sent you')) return 'invitation';
  if (mail.subject.endsWith('was voided')) return 'voided';
  return mail.subject;
}

/** Signet with the test clock, moved day by day: expiry, warnings, reminders and their cancellation, seen from outside. */
describe('reminders and expiry on the test clock', () => {
  let api: TestSignet;
  let smtp: SmtpSink;
  let receiver: Receiver;
  let hookSecret: string;

  const now = async (): Promise<Date> => new Date((await api.call('GET', '/dev/clock', { key: null })).body.now as string);
  const advance = async (duration: string): Promise<Date> => {
    const moved = await api.call('POST', '/dev/clock', { key: null, json: { advance_by: duration } });
    expect(moved.status).toBe(200);
    return new Date(moved.body.now as string);
  };
  const mailsTo = (address: string): string[] => smtp.messages().filter((mail) => mail.to.includes(address)).map(kindOf);
  const waitForMails = (address: string, count: number) => waitFor(() => mailsTo(address).length >= count && mailsTo(address), 20_000, `${count} emails to ${address}`);
  const eventsOf = (id: string): ConsumedEvent[] => api.events.filter((event) => event.key === id && WATCHED.includes(event.event.event_type));
  /** `recipient.reminder_sent#1@ana`: the event, the reminder's number, whose. */
  const named = (event: ConsumedEvent): string => {
    const data = event.event.data as Body;
    const number = event.event.event_type === 'recipient.reminder_sent' ? `#${data.number}` : '';
    return `${event.event.event_type}${number}${event.event.event_type.startsWith('recipient.') ? `@${data.custom_key}` : ''}`;
  };
  const waitForEvent = (id: string, name: string) => waitFor(() => eventsOf(id).some((event) => named(event) === name) && eventsOf(id).map(named), 20_000, `${name} of ${id}`);
  const emailOf = async (id: string, key: string): Promise<string> => {
    const shown = (await api.call('GET', `/api/v1/envelopes/${id}`)).body.envelope as Body;
    return (shown.envelope_signers as Body[]).find((signer) => signer.custom_key === key)?.email as string;
  };
  const recipientId = async (id: string, key: string): Promise<string> => {
    const shown = (await api.call('GET', `/api/v1/envelopes/${id}`)).body.envelope as Body;
    return (shown.envelope_signers as Body[]).find((signer) => signer.custom_key === key)?.id as string;
  };
  const reminders = (first: number, every: number, max: number) => ({
    'settings[signature_flow][reminders][first_after_days]': String(first), 'settings[signature_flow][reminders][every_days]': String(every),
    'settings[signature_flow][reminders][max]': String(max)
  });
  const latestToken = (id: string, key: string): string => {
    const links = api.events.filter((event) => event.key === id && event.event.event_type === 'recipient.link_generated' && (event.event.data as Body).custom_key === key);
    return String((links[links.length - 1]?.event.data as Body).signing_url).split('/sign/')[1] as string;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    receiver = await startReceiver();
    api = await startTestSignet({ SMTP_URL: smtp.url, SIGNET_TEST_CLOCK: 'true', WEBHOOK_ALLOW_LOOPBACK: 'true' });
    hookSecret = (await createWebhook(api.call, KEYS.acme, {
      url: `${receiver.url}/expiry`, subscriptions: 'envelope.expired,envelope.reactivated,recipient.reminder_sent,recipient.expiry_warning_sent'
    })).secret;
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
    await smtp.stop();
  });

  it('warns a day before, reminds after one day every day at most twice, expires on the third day, and extend brings it back with a working link', async () => {
    const start = await now();
    const expiresAt = new Date(start.getTime() + 3 * DAY_MS).toISOString();
    const created = await api.call('POST', '/api/v1/envelopes', {
      form: {
        'documents[contract][base64]': (await samplePdf()).toString('base64'),
        'recipients[ana][email]': 'ana.expiry@example.com', 'recipients[ana][name]': 'Ana Lima',
        expires_at: expiresAt, 'settings[signature_flow][expiry_warning_days]': '1', ...reminders(1, 1, 2)
      }
    });
    expect(created.status).toBe(200);
    const id = (created.body.envelope as Body).id as string;
    expect((await api.call('POST', `/api/v1/envelopes/${id}/send_invitation`)).status).toBe(200);
    const ana = 'ana.expiry@example.com';
    await waitForMails(ana, 1);
    const token = latestToken(id, 'ana');
    expect((await api.call('GET', `/api/v1/envelopes/${id}`)).body.envelope).toMatchObject({ status: 'IN_PROGRESS', expires_at: expiresAt });

    await advance('P1D');
    expect(await waitForEvent(id, 'recipient.reminder_sent#1@ana')).toEqual(['envelope.in_progress', 'recipient.reminder_sent#1@ana']);
    expect(await waitForMails(ana, 2)).toEqual(['invitation', 'reminder']);
    // The reminder carries the signing link (tracked, as the invitation's), which leads to the signing page.
    const reminder = smtp.messages().find((mail) => mail.to.includes(ana) && kindOf(mail) === 'reminder') as ReceivedMail;
    const link = /href="([^"]+\/email\/v1\/links\/[^"]+)"/.exec(reminder.html)?.[1] as string;
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain(`/sign/${token}`);

    await advance('P1D');
    await waitForEvent(id, 'recipient.expiry_warning_sent@ana');
    const dayTwo = await waitForEvent(id, 'recipient.reminder_sent#2@ana');
    expect([...dayTwo.slice(2)].sort()).toEqual(['recipient.expiry_warning_sent@ana', 'recipient.reminder_sent#2@ana']);
    expect((await waitForMails(ana, 4)).slice(2).sort()).toEqual(['reminder', 'warning']);

    const movedTo = await advance('P1D');
    const all = await waitForEvent(id, 'envelope.expired');
    // Exactly these, in this order: no third reminder (max 2), one warning, one expiry.
    expect(all).toEqual(['envelope.in_progress', 'recipient.reminder_sent#1@ana', ...dayTwo.slice(2), 'envelope.expired']);
    expect(await waitForMails(ana, 5)).toEqual(['invitation', 'reminder', ...mailsTo(ana).slice(2, 4), 'expired']);
    const expired = eventsOf(id).find((event) => event.event.event_type === 'envelope.expired') as ConsumedEvent;
    // Event times follow Signet's clock.
    expect(Date.parse(expired.headers.occurredAt)).toBeGreaterThanOrEqual(Date.parse(expiresAt));
    expect(Date.parse(expired.headers.occurredAt)).toBeLessThanOrEqual(movedTo.getTime());
    expect((await api.call('GET', `/api/v1/envelopes/${id}`)).body.envelope).toMatchObject({ status: 'EXPIRED' });
    expect((await api.call('GET', '/api/v1/envelopes?status=EXPIRED')).body.envelopes).toEqual(expect.arrayContaining([expect.objectContaining({ id })]));

    // The signing link is dead: the API does not know it, the page says the request expired.
    expect((await session(api, token)).status).toBe(404);
    const page = await fetch(`${api.url}/sign/${token}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('This envelope expired before everyone signed');
    expect(text).toContain('Questions about this envelope? Contact');
    // As a signer's browser shows it: the message in the page's main landmark, and nothing serious for axe.
    const browser = await startChromium();
    try {
      const tab = await browser.context.newPage();
      await tab.goto(`${api.url}/sign/${token}`);
      expect(await tab.getByRole('main').textContent()).toContain('This envelope expired before everyone signed');
      expect(await seriousViolations(tab)).toEqual([]);
    } finally {
      await browser.close();
    }

    // Webhooks got the same events, signed with a timestamp receivers accept (real time, not Signet's clock).
    const delivered = await waitFor(() => {
      const mine = receiver.at('/expiry').filter((delivery) => (delivery.event.data.envelope_id ?? delivery.event.data.id) === id);
      return mine.length >= 4 && mine;
    }, 20_000, 'the four deliveries');
    expect(delivered.map((delivery) => delivery.event.event_type).sort()).toEqual(
      ['envelope.expired', 'recipient.expiry_warning_sent', 'recipient.reminder_sent', 'recipient.reminder_sent']
    );
    for (const delivery of delivered) expect(verifySignature(hookSecret, delivery)).toMatchObject({ id: delivery.event.id });

    // Extend: IN_PROGRESS again, a fresh link that works, a new invitation; the old link stays dead.
    const later = new Date(movedTo.getTime() + 2 * DAY_MS).toISOString();
    const extended = await api.call('POST', `/api/v1/envelopes/${id}/extend`, { json: { expires_at: later } });
    expect(extended.status).toBe(200);
    expect(extended.body.envelope).toMatchObject({ status: 'IN_PROGRESS', expires_at: later });
    await waitForEvent(id, 'envelope.reactivated');
    const fresh = await waitFor(() => latestToken(id, 'ana') !== token && latestToken(id, 'ana'), 20_000, 'a fresh link');
    expect((await session(api, fresh)).body).toMatchObject({ state: 'READY' });
    expect((await session(api, token)).status).toBe(404);
    expect((await waitForMails(ana, 6))[5]).toBe('invitation');

    // Signed after all: the evidence sheet's timeline shows the reminders, the warning, the expiry and the reactivation.
    expect((await sign(api, fresh, written('Ana Lima'))).status).toBe(200);
    const evidence = await waitFor(async () => {
      const answer = await api.call('GET', `/api/v1/envelopes/${id}/evidence`);
      return answer.status === 200 && answer;
    }, 60_000, 'the evidence sheet');
    const sheet = Buffer.from(await (await fetch(evidence.body.evidence_document_url as string)).arrayBuffer());
    const timeline = execFileSync('pdftotext', ['-', '-'], { input: sheet, encoding: 'utf8' });
    for (const type of ['recipient.reminder_sent', 'recipient.expiry_warning_sent', 'envelope.expired', 'envelope.reactivated']) expect(timeline).toContain(type);
  });

  it('reminds only the recipient whose turn it is, and never one who has signed', async () => {
    const envelope = await sentEnvelope(api, KEYS.acme, {
      'settings[signature_flow][signature_order]': 'SEQUENTIAL', 'recipients[ana][order]': '0', 'recipients[ben][order]': '1', ...reminders(1, 1, 2)
    });
    await advance('P1D');
    await waitForEvent(envelope.id, 'recipient.reminder_sent#1@ana');
    expect((await sign(api, envelope.tokens.ana as string, written('Ana Lima'))).status).toBe(200);
    // Ana's second reminder would have been due now; Ben's turn began a day ago, so his first is.
    await advance('P1D');
    const seen = await waitForEvent(envelope.id, 'recipient.reminder_sent#1@ben');
    expect(seen).toEqual(['envelope.in_progress', 'recipient.reminder_sent#1@ana', 'recipient.reminder_sent#1@ben']);
    // Reminder emails go out from the mail queue after their events: Ana's one, then Ben's (the later sentinel).
    const reminded = (address: string) => mailsTo(address).filter((kind) => kind === 'reminder');
    const anaAddress = await emailOf(envelope.id, 'ana');
    const benAddress = await emailOf(envelope.id, 'ben');
    await waitFor(() => reminded(anaAddress).length >= 1 && reminded(benAddress).length >= 1, 20_000, 'both reminder emails');
    expect(reminded(anaAddress)).toHaveLength(1);
  });

  it('reminds a witness only once their signer has signed, on the envelope\'s schedule from that moment', async () => {
    // PARALLEL: ben, ana's witness, is invited at send, but can act only once she has signed.
    const envelope = await sentEnvelope(api, KEYS.acme, {
      'settings[signature_flow][signature_order]': 'PARALLEL', 'recipients[ben][role]': 'WITNESS', 'recipients[ben][witness_of]': 'ana', ...reminders(1, 1, 2)
    });
    await advance('P1D');
    await waitForEvent(envelope.id, 'recipient.reminder_sent#1@ana');
    await advance('PT12H');
    const signedAt = await now();
    expect((await sign(api, envelope.tokens.ana as string, written('Ana Lima'))).status).toBe(200);
    await advance('P1D');
    await waitForEvent(envelope.id, 'recipient.reminder_sent#1@ben');
    await advance('P1D');
    const seen = await waitForEvent(envelope.id, 'recipient.reminder_sent#2@ben');
    // Nothing for ben on day 1, while he could not act, and nothing more for ana once she had signed.
    expect(seen).toEqual(['envelope.in_progress', 'recipient.reminder_sent#1@ana', 'recipient.reminder_sent#1@ben', 'recipient.reminder_sent#2@ben']);
    // Ben's reminders count from ana's signature (one and two days after it), not from his invitation.
    const sentAt = (name: string) => Date.parse((eventsOf(envelope.id).find((event) => named(event) === name) as ConsumedEvent).headers.occurredAt);
    expect(sentAt('recipient.reminder_sent#1@ben')).toBeGreaterThanOrEqual(signedAt.getTime() + DAY_MS);
    expect(sentAt('recipient.reminder_sent#2@ben')).toBeGreaterThanOrEqual(signedAt.getTime() + 2 * DAY_MS);
    expect(await waitForMails(await emailOf(envelope.id, 'ben'), 3)).toEqual(['invitation', 'reminder', 'reminder']);
  });

  it('cancels what a voided envelope had scheduled: no reminder, warning or expiry after the void', async () => {
    const start = await now();
    const voided = await sentEnvelope(api, KEYS.acme, {
      expires_at: new Date(start.getTime() + 2 * DAY_MS).toISOString(), 'settings[signature_flow][expiry_warning_days]': '1', ...reminders(1, 1, 3)
    });
    const voidedAna = await emailOf(voided.id, 'ana');
    await waitFor(() => mailsTo(voidedAna).includes('invitation'), 20_000, 'the invitation before the void');
    expect((await api.call('PUT', `/api/v1/envelopes/${voided.id}/void`)).status).toBe(200);
    await waitFor(() => mailsTo(voidedAna).includes('voided'), 20_000, 'the voided email');
    // The sentinel: an envelope sent after the void whose first reminder comes due in the same moves.
    const sentinel = await sentEnvelope(api, KEYS.acme, reminders(3, 1, 1));
    await advance('P2D');
    await advance('P1D');
    await waitForEvent(sentinel.id, 'recipient.reminder_sent#1@ana');
    expect(eventsOf(voided.id).map(named)).toEqual(['envelope.in_progress', 'envelope.voided']);
    expect(mailsTo(voidedAna)).toEqual(['invitation', 'voided']);
  });

  it('sends a reminder now once an hour of Signet\'s clock, not to a finished recipient, and only to the tenant\'s own envelopes', async () => {
    const envelope = await sentEnvelope(api, KEYS.acme);
    const ana = await recipientId(envelope.id, 'ana');
    const path = `/api/v1/envelopes/${envelope.id}/recipients/${ana}/remind`;
    const first = await api.call('POST', path);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, reminded_at: expect.any(String) });
    const event = (await waitFor(() => eventsOf(envelope.id).find((seen) => seen.event.event_type === 'recipient.reminder_sent'), 20_000, 'the reminder event')).event.data as Body;
    expect(event.number).toBeNull();
    await waitFor(() => mailsTo(event.email).includes('reminder'), 20_000, 'the reminder email');

    const again = await api.call('POST', path);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

    // Another tenant sees neither route's envelope.
    expect((await api.call('POST', path, { key: KEYS.globex })).status).toBe(404);
    const later = new Date((await now()).getTime() + DAY_MS).toISOString();
    expect((await api.call('POST', `/api/v1/envelopes/${envelope.id}/extend`, { key: KEYS.globex, json: { expires_at: later } })).status).toBe(404);
    expect((await api.call('POST', `/api/v1/envelopes/${envelope.id}/extend`, { json: { expires_at: '2001-01-01T00:00:00Z' } })).status).toBe(422);

    // The SDK's helpers: a reminder an hour later, and an expiry moved.
    await advance('PT1H');
    const signet = createSignetClient({ baseUrl: api.url, apiKey: KEYS.acme });
    expect(await signet.remindRecipient(envelope.id, ana)).toEqual(expect.any(String));
    expect(await signet.extendEnvelope(envelope.id, new Date(Date.parse(later) + DAY_MS))).toMatchObject({ status: 'IN_PROGRESS', expires_at: expect.any(String) });
    expect((await sign(api, envelope.tokens.ana as string, written('Ana Lima'))).status).toBe(200);
    expect((await api.call('POST', path)).status).toBe(409);
  });

  it('clears a sent envelope\'s expiry with null: no warning and no expiry follow, the reminders go on; garbage is 422 and changes nothing', async () => {
    const start = await now();
    const expiresAt = new Date(start.getTime() + 2 * DAY_MS).toISOString();
    // The first reminders come due a day after the old expiry: on the envelope's own ordered stream, they are the sentinel.
    const envelope = await sentEnvelope(api, KEYS.acme, { expires_at: expiresAt, 'settings[signature_flow][expiry_warning_days]': '1', ...reminders(3, 1, 1) });
    const path = `/api/v1/envelopes/${envelope.id}/extend`;

    const garbage = await api.call('POST', path, { json: { expires_at: 'garbage' } });
    expect(garbage.status).toBe(422);
    expect(garbage.body.details).toEqual([{ field: 'expires_at', message: 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T17:00:00Z, or null to clear it' }]);
    expect((await api.call('GET', `/api/v1/envelopes/${envelope.id}`)).body.envelope).toMatchObject({ status: 'IN_PROGRESS', expires_at: expiresAt });

    const cleared = await api.call('POST', path, { json: { expires_at: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.envelope).toMatchObject({ status: 'IN_PROGRESS', expires_at: null });
    const extended = await waitFor(() => api.events.find((event) => event.key === envelope.id && event.event.event_type === 'envelope.extended'), 20_000, 'envelope.extended');
    expect(extended.event.data).toMatchObject({ id: envelope.id, expires_at: null });

    // Past the old warning (day 1) and expiry (day 2), to the first reminders (day 3).
    await advance('P2D');
    await advance('P1D');
    await waitForEvent(envelope.id, 'recipient.reminder_sent#1@ana');
    const seen = await waitForEvent(envelope.id, 'recipient.reminder_sent#1@ben');
    expect(seen[0]).toBe('envelope.in_progress');
    expect([...seen.slice(1)].sort()).toEqual(['recipient.reminder_sent#1@ana', 'recipient.reminder_sent#1@ben']);
    const ana = await emailOf(envelope.id, 'ana');
    expect(await waitFor(() => mailsTo(ana).includes('reminder') && mailsTo(ana), 20_000, 'the reminder email')).toEqual(['invitation', 'reminder']);
    expect((await api.call('GET', `/api/v1/envelopes/${envelope.id}`)).body.envelope).toMatchObject({ status: 'IN_PROGRESS', expires_at: null });
  });

  it('clears a CREATED envelope\'s expires_at on update with an empty value, and refuses garbage without changing it', async () => {
    const start = await now();
    const expiresAt = new Date(start.getTime() + DAY_MS).toISOString();
    const created = await api.call('POST', '/api/v1/envelopes', {
      form: { 'documents[contract][base64]': (await samplePdf()).toString('base64'), 'recipients[ana][email]': 'ana.cleared@example.com', 'recipients[ana][name]': 'Ana Lima', expires_at: expiresAt }
    });
    const id = (created.body.envelope as Body).id as string;

    const garbage = await api.call('PUT', `/api/v1/envelopes/${id}`, { form: { expires_at: 'garbage' } });
    expect(garbage.status).toBe(422);
    expect(garbage.body.details).toEqual([{ field: 'expires_at', message: 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T17:00:00Z, or empty to clear it' }]);
    expect((await api.call('GET', `/api/v1/envelopes/${id}`)).body.envelope).toMatchObject({ status: 'CREATED', expires_at: expiresAt });

    const cleared = await api.call('PUT', `/api/v1/envelopes/${id}`, { form: { expires_at: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.envelope).toMatchObject({ status: 'CREATED', expires_at: null });
    expect((await api.call('POST', `/api/v1/envelopes/${id}/send_invitation`)).status).toBe(200);
    expect((await api.call('GET', `/api/v1/envelopes/${id}`)).body.envelope).toMatchObject({ status: 'IN_PROGRESS', expires_at: null });

    // The SDK sends the empty value as the form field too.
    const signet = createSignetClient({ baseUrl: api.url, apiKey: KEYS.acme });
    const other = (await api.call('POST', '/api/v1/envelopes', {
      form: { 'documents[contract][base64]': (await samplePdf()).toString('base64'), 'recipients[ana][email]': 'ana.cleared@example.com', 'recipients[ana][name]': 'Ana Lima', expires_at: expiresAt }
    })).body.envelope as Body;
    expect(await signet.updateEnvelope(other.id as string, { expires_at: '' })).toMatchObject({ expires_at: null });
  });

  it('refuses the test clock when a process runs only some parts, naming the variable', async () => {
    await expect(startSignet({ parts: ['envelope'], env: { SIGNET_TEST_CLOCK: 'true' } })).rejects.toThrow(/SIGNET_TEST_CLOCK/);
  });
});
