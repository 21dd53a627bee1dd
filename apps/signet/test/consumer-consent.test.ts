import type { Page } from 'playwright-core';
import { CONSUMER_DISCLOSURE_VERSION } from '@signet/contracts';
import { CATALOGUE, type LanguageKey } from '@signet/i18n';
import { createSignetClient, SignetError } from '@signet/sdk';
import { pdftotext, waitFor } from '@signet/testkit';
import { startChromium, type TestBrowser } from './browser/chromium';
import { stepRecorder, tabTo, watchAnswers, watchProblems } from './browser/page-checks';
import { SIZES, type PageSize } from './browser/signer-pages';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { announced } from './part-tables';
import { reject, sentEnvelope, session, sign, written } from './signing/flows';
import { createWebhook, verifySignature } from './webhooks/flows';
import { startReceiver, type Receiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The envelope asks its recipients for consent; the disclosure names the sender and where to write. */
const ASKING = { 'settings[signature_flow][consumer_consent]': 'TRUE', 'settings[branding][name]': 'Globex Legal', 'settings[branding][reply_to]': 'legal@globex.example' };

/**
 * The US ESIGN consumer consent (settings `signature_flow.consumer_consent`) through the public API: the
 * session, the gate on every other signing route, the consent document and its code, consenting,
 * withdrawing, the events a sender receives, and the evidence sheet.
 */
describe('consumer consent to electronic records and signatures, monolith mode', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let hookSecret: string;

  const signing = (token: string, path: string, json?: unknown) => api.call('POST', `/signing/v1/${token}${path}`, { key: null, json: json ?? {} });
  const consent = (token: string, body: unknown) => signing(token, '/consent', body);
  const withdraw = (token: string) => signing(token, '/consent/withdraw');
  const envelopeOf = async (id: string) => (await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope as Body;
  const documentAt = (token: string, documentId: string) => fetch(`${api.url}/signing/v1/${token}/documents/${documentId}`);

  async function consentDocument(token: string): Promise<{ status: number; type: string | null; text: string }> {
    const response = await fetch(`${api.url}/signing/v1/${token}/consent/document`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type');
    return { status: response.status, type, text: type === 'application/pdf' ? pdftotext(bytes) : '' };
  }

  /** The code as a reader finds it in the consent document (pdftotext, not Signet's own code). */
  async function codeOf(token: string): Promise<string> {
    const code = /Your code: ([A-Z0-9]{6})/.exec((await consentDocument(token)).text)?.[1];
    if (!code) throw new Error('no code in the consent document');
    return code;
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    hookSecret = (await createWebhook(api.call, KEYS.globex, {
      url: `${receiver.url}/consent`, subscriptions: 'recipient.consented,recipient.consent_withdrawn,recipient.rejected'
    })).secret;
  });

  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  it('changes nothing where the envelope does not ask: the session says so and the documents open', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    const token = envelope.tokens.ana as string;
    const opened = await session(api, token);
    expect(opened.body).toMatchObject({
      state: 'READY',
      consumer_consent: { required: false, version: CONSUMER_DISCLOSURE_VERSION, given_at: null, given_version: null },
      documents: [{ name: 'contract.pdf' }]
    });
    const [document] = opened.body.documents as Body[];
    expect((await documentAt(token, document?.id)).status).toBe(200);
    // The consent routes have nothing to do here.
    expect((await consentDocument(token)).status).toBe(409);
    expect((await consent(token, { code: 'ABCDEF', disclosure_version: CONSUMER_DISCLOSURE_VERSION })).status).toBe(409);
    expect((await withdraw(token)).status).toBe(409);
    expect((await sign(api, token, written('Ana Lima'))).status).toBe(200);
  });

  it('asks for consent before anything else; a wrong code records nothing; the right one opens the documents; the evidence sheet shows it', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex, ASKING);
    const [ana, ben] = [envelope.tokens.ana as string, envelope.tokens.ben as string];
    const [document] = (await envelopeOf(envelope.id)).documents as Body[];

    expect((await session(api, ana)).body).toMatchObject({
      state: 'READY', consumer_consent: { required: true, version: CONSUMER_DISCLOSURE_VERSION, given_at: null, given_version: null }, documents: []
    });
    const refusals = [
      await sign(api, ana, written('Ana Lima')),
      await signing(ana, '/fields/preview', { fields: {} }),
      await reject(api, ana, 'Not now'),
      await signing(ana, '/validation/send_code'),
      await signing(ana, '/identity/consent', { consent: true, version: 'x' }),
      await api.call('GET', `/signing/v1/${ana}/documents/${document?.id}`, { key: null })
    ];
    for (const refused of refusals) expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'CONSENT_REQUIRED' });
    const pdfAsked = await documentAt(ana, document?.id);
    expect(pdfAsked.status).toBe(403);
    expect(pdfAsked.headers.get('content-type')).toContain('application/json');

    // The consent document: the disclosure (paper copies, withdrawing, contact details, what is needed), the sender, the code.
    const shown = await consentDocument(ana);
    expect(shown).toMatchObject({ status: 200, type: 'application/pdf' });
    const text = shown.text.replace(/\s+/g, ' ');
    for (const words of ['Consent to electronic records and signatures', 'paper copy', 'Globex Legal', 'legal@globex.example', 'withdraw your consent',
      'contact details', 'web browser', 'PDF reader', `Disclosure version ${CONSUMER_DISCLOSURE_VERSION}`]) {
      expect({ words, found: text.includes(words) }).toEqual({ words, found: true });
    }
    const code = await codeOf(ana);
    expect(await codeOf(ana)).toBe(code);

    const wrong = await consent(ana, { code: code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA', disclosure_version: CONSUMER_DISCLOSURE_VERSION });
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toEqual([{ field: 'code', message: 'does not match the code in the consent document' }]);
    const stale = await consent(ana, { code, disclosure_version: '2000-01-01' });
    expect(stale.status).toBe(422);
    expect(stale.body.details).toEqual([{ field: 'disclosure_version', message: expect.stringContaining(CONSUMER_DISCLOSURE_VERSION) }]);
    expect((await consent(ana, {})).status).toBe(422);
    expect((await sign(api, ana, written('Ana Lima'))).status).toBe(403);
    expect((await session(api, ana)).body).toMatchObject({ consumer_consent: { given_at: null }, documents: [] });

    // Case and spacing do not matter; consenting again answers the same consent.
    const given = await consent(ana, { code: ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)} `, disclosure_version: CONSUMER_DISCLOSURE_VERSION });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ success: true, consumer_consent: { required: true, given_at: expect.any(String), given_version: CONSUMER_DISCLOSURE_VERSION } });
    const again = await consent(ana, { code, disclosure_version: CONSUMER_DISCLOSURE_VERSION });
    expect(again.body.consumer_consent).toEqual(given.body.consumer_consent);
    const consentedAt = (given.body.consumer_consent as Body).given_at as string;
    expect((await session(api, ana)).body).toMatchObject({ consumer_consent: { given_at: consentedAt, given_version: CONSUMER_DISCLOSURE_VERSION }, documents: [{ id: document?.id }] });
    expect((await documentAt(ana, document?.id)).status).toBe(200);
    // Ben's code is his own, and his routes stay closed until he consents.
    expect(await codeOf(ben)).not.toBe(code);
    expect((await sign(api, ben, written('Ben Ode'))).status).toBe(403);

    expect((await sign(api, ana, written('Ana Lima'))).status).toBe(200);
    expect((await consent(ben, { code: await codeOf(ben), disclosure_version: CONSUMER_DISCLOSURE_VERSION })).status).toBe(200);
    expect((await sign(api, ben, written('Ben Ode'))).status).toBe(200);

    // One recipient.consented per recipient (the repeat announced nothing), with the version and the time, to the sender's webhook.
    const events = await announced(api, 'envelope', 'recipient.consented', envelope.id);
    expect(events.map((event) => (event.data as Body).custom_key)).toEqual(['ana', 'ben']);
    expect(events[0]?.data).toMatchObject({ custom_key: 'ana', consumer_consent: { disclosure_version: CONSUMER_DISCLOSURE_VERSION, consented_at: consentedAt }, user_agent: expect.any(String) });
    const delivered = await waitFor(() => receiver.at('/consent').find((delivery) => delivery.event.id === events[0]?.id), 20_000, 'recipient.consented delivered');
    expect(verifySignature(hookSecret, delivered)).toMatchObject({ event_type: 'recipient.consented' });

    const sheet = await waitFor(async () => {
      const answer = await api.call('GET', `/api/v1/envelopes/${envelope.id}/evidence`, { key: KEYS.globex });
      return answer.status === 200 && answer;
    }, 60_000, 'the evidence sheet once SUCCESS');
    const evidence = pdftotext(new Uint8Array(await (await fetch(sheet.body.evidence_document_url as string)).arrayBuffer())).replace(/\s+/g, ' ');
    const asSheetWritesIt = consentedAt.replace(/\.\d{3}Z$/, '+00:00');
    expect(evidence).toContain(`Consent to electronic records: disclosure version ${CONSUMER_DISCLOSURE_VERSION}, given ${asSheetWritesIt}`);
    expect(evidence).toContain('recipient.consented');
    const timeline = (await api.call('GET', `/api/v1/envelopes/${envelope.id}/timeline`, { key: KEYS.globex })).body.timeline as Body[];
    expect(timeline.filter((entry) => entry.event === 'recipient.consented').map((entry) => entry.details)).toEqual([
      { status: 'IN_PROGRESS', disclosure_version: CONSUMER_DISCLOSURE_VERSION }, { status: 'IN_PROGRESS', disclosure_version: CONSUMER_DISCLOSURE_VERSION }
    ]);
  });

  it('withdrawing declines the recipient as rejecting does, before or after consenting, and the sender hears recipient.consent_withdrawn', async () => {
    const refused = await sentEnvelope(api, KEYS.globex, ASKING);
    const answer = await withdraw(refused.tokens.ana as string);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, state: 'REJECTED' });
    expect(await envelopeOf(refused.id)).toMatchObject({ status: 'VOIDED', envelope_signers: [{ status: 'REJECTED' }, { status: 'IN_PROGRESS' }] });
    for (const token of Object.values(refused.tokens)) expect((await session(api, token)).body.state).toBe('REJECTED');
    expect((await withdraw(refused.tokens.ana as string)).status).toBe(409);
    const [withdrawn] = await announced(api, 'envelope', 'recipient.consent_withdrawn', refused.id);
    expect(withdrawn?.data).toMatchObject({ custom_key: 'ana', status: 'REJECTED', consumer_consent: { disclosure_version: null, consented_at: null, withdrawn_at: expect.any(String) } });
    const [rejected] = await announced(api, 'envelope', 'recipient.rejected', refused.id);
    expect(rejected?.data).toMatchObject({ custom_key: 'ana', reason: 'Withdrew consent to electronic records and signatures' });
    const delivered = await waitFor(() => receiver.at('/consent').find((delivery) => delivery.event.id === withdrawn?.id), 20_000, 'recipient.consent_withdrawn delivered');
    expect(verifySignature(hookSecret, delivered)).toMatchObject({ event_type: 'recipient.consent_withdrawn', data: { custom_key: 'ana', status: 'REJECTED' } });

    const changedMind = await sentEnvelope(api, KEYS.globex, ASKING);
    const ben = changedMind.tokens.ben as string;
    const given = await consent(ben, { code: await codeOf(ben), disclosure_version: CONSUMER_DISCLOSURE_VERSION });
    expect((await withdraw(ben)).status).toBe(200);
    expect(await envelopeOf(changedMind.id)).toMatchObject({ status: 'VOIDED', envelope_signers: [{ status: 'IN_PROGRESS' }, { status: 'REJECTED' }] });
    const [afterConsent] = await announced(api, 'envelope', 'recipient.consent_withdrawn', changedMind.id);
    expect(afterConsent?.data).toMatchObject({
      custom_key: 'ben', consumer_consent: { disclosure_version: CONSUMER_DISCLOSURE_VERSION, consented_at: (given.body.consumer_consent as Body).given_at }
    });
    const timeline = await waitFor(async () => {
      const entries = (await api.call('GET', `/api/v1/envelopes/${changedMind.id}/timeline`, { key: KEYS.globex })).body.timeline as Body[];
      const wanted = ['recipient.consented', 'recipient.consent_withdrawn', 'recipient.rejected', 'envelope.voided'];
      return wanted.every((event) => entries.some((entry) => entry.event === event)) && entries;
    }, 20_000, 'the timeline up to the void');
    expect(timeline.map((entry) => entry.event).filter((event) => /consent|rejected|voided/.test(event))).toEqual([
      'recipient.consented', 'recipient.consent_withdrawn', 'recipient.rejected', 'envelope.voided'
    ]);
    expect(timeline.find((entry) => entry.event === 'recipient.consent_withdrawn')?.details).toEqual({ status: 'REJECTED', disclosure_version: CONSUMER_DISCLOSURE_VERSION });
  });

  it('is what the SDK\'s signing helpers do for a signer page of one\'s own', async () => {
    const signet = createSignetClient({ baseUrl: api.url, apiKey: KEYS.globex });
    const envelope = await sentEnvelope(api, KEYS.globex, ASKING);
    const [ana, ben] = [envelope.tokens.ana as string, envelope.tokens.ben as string];
    const signature = { consent: true, signature: { type: 'WRITTEN', text: 'Ana Lima' } } as const;
    const { consumer_consent: asked } = await signet.getSigningSession(ana);
    expect(asked).toMatchObject({ required: true, given_at: null });
    await expect(signet.sign(ana, signature)).rejects.toMatchObject({ status: 403, code: 'CONSENT_REQUIRED' });
    const code = /Your code: ([A-Z0-9]{6})/.exec(pdftotext(await signet.getConsentDocument(`${api.url}/sign/${ana}`)))?.[1] as string;
    await expect(signet.giveConsumerConsent(ana, 'WRONG1', asked.version)).rejects.toBeInstanceOf(SignetError);
    expect(await signet.giveConsumerConsent(ana, code, asked.version)).toMatchObject({ given_version: asked.version, given_at: expect.any(String) });
    expect(await signet.sign(ana, signature)).toMatchObject({ state: 'ALREADY_SIGNED' });
    expect(await signet.withdrawConsumerConsent(ben)).toMatchObject({ success: true, state: 'REJECTED' });
  });

  /**
   * The signer page in Debian's Chromium: the disclosure alone, axe-clean; the code read from the consent
   * document by pdftotext (as a person reads it off the PDF) and typed by keyboard; then the documents.
   * Every answer the page gets is checked against docs/openapi.json.
   */
  describe.each([['EN', 'desktop'], ['AR', 'phone']] as const)('the signer page in %s on a %s', (code, size: PageSize) => {
    const language = code.toLowerCase() as LanguageKey;
    const say = (key: keyof (typeof CATALOGUE)['en']) => CATALOGUE[language][key];
    const step = stepRecorder(`consent-${language}-${size}`);
    let browser: TestBrowser;
    let page: Page;
    const problems: string[] = [];
    const answerProblems: string[] = [];

    beforeAll(async () => {
      browser = await startChromium();
      page = await browser.context.newPage();
      await page.setViewportSize(SIZES[size]);
      page.setDefaultTimeout(90_000);
      watchProblems(page, problems);
      watchAnswers(page, answerProblems);
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
    });

    afterEach(() => {
      expect(answerProblems).toEqual([]);
    });

    /** What pdftotext reads in the PDF the page links to: the code, the one run of six of its characters. */
    async function codeFromLinkedDocument(): Promise<string> {
      const href = await page.locator('#consent-document').getAttribute('href');
      const text = pdftotext(new Uint8Array(await (await fetch(new URL(href as string, api.url))).arrayBuffer()));
      const found = /(?<![A-Za-z0-9])([34679ACDEFGHJKMNPQRTUVWXY]{6})(?![A-Za-z0-9])/.exec(text)?.[1];
      if (!found) throw new Error('no code in the consent document');
      return found;
    }

    it('shows the disclosure first, refuses a wrong code, and opens the documents once the code from the PDF is typed', async () => {
      const envelope = await sentEnvelope(api, KEYS.globex, { ...ASKING, 'settings[signature_flow][language]': code });
      await page.goto(`${api.url}/sign/${envelope.tokens.ana}`);
      await page.locator('#consumer-consent').waitFor();
      expect(await page.locator('#consumer-consent-title').textContent()).toBe(say('consumerConsent.disclosure.title'));
      expect(await page.locator('#documents').count()).toBe(0);
      expect(await page.locator('#consent-agree').isEnabled()).toBe(true);
      await step(page, 'disclosure');

      await tabTo(page, page, '#consent-code');
      await page.keyboard.type('AAAAAA');
      await page.keyboard.press('Enter');
      await page.locator('#consent-code-error:not(:empty)').waitFor();
      expect(await page.locator('#consent-code-error').textContent()).toBe(say('consumerConsent.page.codeWrong'));
      expect(await page.locator('#consent-code').getAttribute('aria-invalid')).toBe('true');
      await step(page, 'wrong-code');

      await page.locator('#consent-code').fill('');
      await page.keyboard.type(await codeFromLinkedDocument());
      await page.keyboard.press('Enter');
      await page.locator('#documents[data-rendered="true"]').waitFor();
      expect(await page.locator('#consumer-consent').count()).toBe(0);
      await step(page, 'documents');
      expect(problems.filter((problem) => !/^422 /.test(problem))).toEqual([]);
      expect((await session(api, envelope.tokens.ana as string)).body).toMatchObject({ consumer_consent: { given_version: CONSUMER_DISCLOSURE_VERSION } });
    });

    it('declines after confirming: the consent is withdrawn and the envelope rejected', async () => {
      problems.length = 0;
      const envelope = await sentEnvelope(api, KEYS.globex, { ...ASKING, 'settings[signature_flow][language]': code });
      await page.goto(`${api.url}/sign/${envelope.tokens.ben}`);
      await page.locator('#consent-withdraw:enabled').click();
      await page.locator('#withdraw-dialog[open]').waitFor();
      await step(page, 'withdraw-dialog');
      await page.locator('#withdraw').click();
      await page.locator('main[data-state="REJECTED"]').waitFor();
      expect(await page.locator('.state').textContent()).toBe(say('page.rejectedByYou'));
      expect(problems).toEqual([]);
      expect((await announced(api, 'envelope', 'recipient.consent_withdrawn', envelope.id)).map((event) => (event.data as Body).custom_key)).toEqual(['ben']);
    });
  });
});
