import type { Page } from 'playwright-core';
import { type ReceivedMail, SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { startChromium, type TestBrowser } from './browser/chromium';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { DRAWN_PNG, sentEnvelope } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SCREENSHOT = '/tmp/signet-signer-page.png';

describe('the signer page in headless Chromium', () => {
  let api: TestSignet;
  let browser: TestBrowser;
  let smtp: SmtpSink;
  /** Console errors (CSP violations among them), uncaught exceptions and failed responses of every page. */
  const problems: string[] = [];

  /** A new page that records its problems, at `url` (redirects followed). */
  async function openUrl(url: string): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(url);
    return page;
  }

  const open = (token: string): Promise<Page> => openUrl(`${api.url}/sign/${token}`);

  /** The tracked link (`/email/v1/links/<token>`) in an invitation email; it redirects to `/sign/<token>`. */
  function invitationLink(mail: ReceivedMail): string {
    const link = /href="([^"]+\/email\/v1\/links\/[^"]+)"/.exec(mail.html)?.[1];
    if (!link) throw new Error(`no tracked link in: ${mail.html}`);
    return link;
  }
  const isInvitationTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address) && /to sign/.test(mail.subject);

  /** The code in the recipient's validation email (other mail to them, such as the invitation, has no code line). */
  async function emailedCode(token: string): Promise<string> {
    const { email } = (await api.call('GET', `/signing/v1/${token}`, { key: null })).body.recipient as Body;
    const mail = await smtp.waitFor((candidate) => candidate.to.includes(email) && /^[0-9]{6}$/m.test(candidate.text), 20_000);
    return /^([0-9]{6})$/m.exec(mail.text)?.[1] as string;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startTestSignet({ SMTP_URL: smtp.url });
    browser = await startChromium();
  }, 240_000);

  beforeEach(() => {
    problems.length = 0;
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await smtp?.stop();
  });

  it('signs a SEQUENTIAL envelope: a drawn signature, then the second recipient, invited only then, types theirs; SUCCESS', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, {
      'settings[signature_flow][signature_order]': 'SEQUENTIAL',
      'settings[branding][name]': 'Globex Legal',
      'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}'
    });
    const signers = ((await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body).envelope_signers as Body[];
    const emailOf = (key: string) => signers.find((signer) => signer.custom_key === key)?.email as string;
    const benInvited = () => api.events.some((event) =>
      event.key === envelope.id && event.event.event_type === 'recipient.in_progress' && (event.event.data as Body).custom_key === 'ben');
    const benMails = () => smtp.messages().filter((mail) => mail.to.includes(emailOf('ben')));
    // Ben's link (as recipient.link_generated hands it to integrators) works, but it is not his turn yet.
    const benEarly = await open(envelope.tokens.ben as string);
    await benEarly.locator('main[data-state="NOT_YOUR_TURN"]').waitFor();
    expect(await benEarly.locator('.state').textContent()).toContain('not your turn');
    expect(benInvited()).toBe(false);

    // Ana opens the tracked link of her invitation email; Chromium follows its redirect to her signing page.
    const anaInvitation = await smtp.waitFor(isInvitationTo(emailOf('ana')), 20_000);
    const ana = await openUrl(invitationLink(anaInvitation));
    expect(ana.url()).toBe(`${api.url}/sign/${envelope.tokens.ana}`);
    await ana.locator('#documents[data-rendered="true"]').waitFor();
    expect(await ana.locator('.brand-name').textContent()).toBe('Globex Legal');
    expect(await ana.locator('.page canvas').count()).toBe(2);
    expect(await ana.locator('.placement').count()).toBe(1);
    await ana.locator('input[value="DRAWN"]').check();
    const pad = await ana.locator('#pad').boundingBox();
    if (!pad) throw new Error('no signature pad');
    await ana.mouse.move(pad.x + 30, pad.y + pad.height * 0.7);
    await ana.mouse.down();
    for (const [x, y] of [[0.2, 0.3], [0.35, 0.75], [0.5, 0.25], [0.7, 0.7], [0.9, 0.4]] as const) {
      await ana.mouse.move(pad.x + pad.width * x, pad.y + pad.height * y, { steps: 5 });
    }
    await ana.mouse.up();
    expect(await ana.locator('#sign').isDisabled()).toBe(true);
    await ana.locator('#consent').check();
    await ana.screenshot({ path: SCREENSHOT, fullPage: true });
    // Ana's invitation went out a while ago; Ben still has no mail at all.
    expect(benMails()).toEqual([]);
    expect(benInvited()).toBe(false);
    await ana.locator('#sign').click();
    await ana.locator('main[data-state="ALREADY_SIGNED"]').waitFor();

    // Only now is Ben invited; he opens the tracked link of his invitation email.
    const benInvitation = await smtp.waitFor(isInvitationTo(emailOf('ben')), 20_000);
    await waitFor(benInvited, 20_000, 'ben invited');
    await benEarly.close();
    const ben = await openUrl(invitationLink(benInvitation));
    expect(ben.url()).toBe(`${api.url}/sign/${envelope.tokens.ben}`);
    await ben.locator('main[data-state="READY"]').waitFor();
    await ben.locator('#documents[data-rendered="true"]').waitFor();
    expect(await ben.locator('.placement').count()).toBe(0);
    await ben.locator('input[value="WRITTEN"]').check();
    await ben.locator('#typed-name').fill('Ben Ode');
    await ben.locator('#consent').check();
    await ben.locator('#sign').click();
    await ben.locator('main[data-state="ALREADY_SIGNED"]').waitFor();

    const done = await waitFor(async () => {
      const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
      return shown.status === 'SUCCESS' && shown;
    }, 30_000, 'SUCCESS');
    expect(done.envelope_signers).toMatchObject([{ status: 'SIGNED' }, { status: 'SIGNED' }]);
    const signedAll = api.events.filter((event) => event.key === envelope.id && event.event.event_type === 'recipient.signed_all');
    expect(signedAll.map((event) => (event.event.data as Body).user_agent)).toEqual([expect.stringContaining('Chrome'), expect.stringContaining('Chrome')]);
    await ben.reload();
    await ben.locator('main[data-state="COMPLETED"]').waitFor();
    expect(problems).toEqual([]);
  });

  it('shows an ES envelope in Spanish, says so once it is voided, and refuses an unknown link', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[signature_flow][language]': 'ES' });
    const ana = await open(envelope.tokens.ana as string);
    await ana.locator('#documents[data-rendered="true"]').waitFor();
    expect(await ana.getAttribute('html', 'lang')).toBe('es');
    expect(await ana.locator('#sign').textContent()).toBe('Firmar');
    expect(await ana.locator('.placement').count()).toBe(0);

    expect((await api.call('PUT', `/api/v1/envelopes/${envelope.id}/void`, { key: KEYS.globex })).status).toBe(200);
    const answer = await ana.reload();
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await ana.locator('main[data-state="VOIDED"]').waitFor();
    expect(await ana.locator('.state').textContent()).toContain('El remitente anuló este sobre');

    const unknown = await ana.goto(`${api.url}/sign/not-a-real-token`);
    expect(unknown?.status()).toBe(404);
    // An unknown token tells nothing of any envelope, its language included.
    expect(await ana.locator('.state').textContent()).toBe('This signing link is not valid.');
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  it('asks for the emailed code before showing the documents (validation order 0), through the public code routes', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[validations][email][enabled]': 'TRUE' });
    const ana = await open(envelope.tokens.ana as string);
    expect(await ana.locator('#documents').isHidden()).toBe(true);
    await ana.locator('#send-code').click();
    await ana.locator('#code-status:not(:empty)').waitFor();
    const code = await emailedCode(envelope.tokens.ana as string);
    await ana.locator('#code').fill(code === '000000' ? '000001' : '000000');
    await ana.locator('#verify-code').click();
    await ana.locator('#error', { hasText: 'is not correct: 2 attempts left' }).waitFor();
    await ana.locator('#code').fill(code);
    await ana.locator('#verify-code').click();
    await ana.locator('#documents[data-rendered="true"]').waitFor();
    expect(await ana.locator('#code-step').isHidden()).toBe(true);
    expect(problems.filter((problem) => !problem.includes('422'))).toEqual([]);
  });

  it('shows the documents but asks for the code before signing (validation order 1)', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'settings[validations][email][enabled]': 'TRUE', 'settings[validations][email][order]': '1' });
    const ana = await open(envelope.tokens.ana as string);
    await ana.locator('#documents[data-rendered="true"]').waitFor();
    await ana.locator('#typed-name').fill('Ana Lima');
    await ana.locator('#consent').check();
    expect(await ana.locator('#sign').isDisabled()).toBe(true);
    await ana.locator('#send-code').click();
    await ana.locator('#code-status:not(:empty)').waitFor();
    await ana.locator('#code').fill(await emailedCode(envelope.tokens.ana as string));
    await ana.locator('#verify-code').click();
    await ana.locator('#code-step').waitFor({ state: 'hidden' });
    await ana.locator('#sign').click();
    await ana.locator('main[data-state="ALREADY_SIGNED"]').waitFor();
    expect(problems).toEqual([]);
  });

  it('signs with an uploaded image, then a rejection with a reason stops every link (PARALLEL)', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const ana = await open(envelope.tokens.ana as string);
    await ana.locator('#documents[data-rendered="true"]').waitFor();
    await ana.locator('input[value="UPLOADED"]').check();
    await ana.locator('#upload').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: Buffer.from(DRAWN_PNG, 'base64') });
    await ana.locator('#upload-preview[src^="data:image/png"]').waitFor();
    await ana.locator('#consent').check();
    await ana.locator('#sign').click();
    await ana.locator('main[data-state="ALREADY_SIGNED"]').waitFor();

    const ben = await open(envelope.tokens.ben as string);
    await ben.locator('#reject-step summary').click();
    await ben.locator('#reason').fill('Wrong amount');
    await ben.locator('#reject').click();
    await ben.locator('main[data-state="REJECTED"]').waitFor();
    await ana.reload();
    await ana.locator('main[data-state="REJECTED"]').waitFor();
    const rejected = await waitFor(() => api.events.find((event) => event.key === envelope.id && event.event.event_type === 'recipient.rejected'), 20_000, 'recipient.rejected');
    expect(rejected.event.data).toMatchObject({ custom_key: 'ben', reason: 'Wrong amount' });
    expect(problems).toEqual([]);
  });
});
