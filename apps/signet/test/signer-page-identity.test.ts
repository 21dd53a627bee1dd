import { createHash } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { CATALOGUE, language as languageOf, LANGUAGES, translate, type LanguageKey } from '@signet/i18n';
import { makeSelfie, portraitImages } from '@signet/identity/testing';
import { samplePdf, startStripeIdentityStandIn, type StripeIdentityStandIn, waitFor } from '@signet/testkit';
import { startChromium, type TestBrowser } from './browser/chromium';
import { englishLeft, shownTexts } from './browser/english-left';
import { sentInEveryLanguage } from './browser/language-flows';
import { fakeCamera, ON_A_TABLE, type FakeCamera } from './browser/fake-camera';
import { stepRecorder, tabTo, watchAnswers, watchProblems } from './browser/page-checks';
import { SIZES, type PageSize } from './browser/signer-pages';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { base64, HOLDER, IDENTITY_SETTINGS, identityEnvelope, identityPath, passport, signer } from './identity/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The page's words the test reads back, from the catalogue (the page must show exactly these). */
const say = (language: LanguageKey, key: keyof (typeof CATALOGUE)['en']) => CATALOGUE[language][key];

/** How far the fake camera's head tilts for the challenge (the verifier asks at least 10°). */
const TILT_DEGREES = 18;

/**
 * A verdict takes the verifier 1-3 s on a quiet machine; its first one loads the OCR or face models into
 * the worker, and a busy host (jest runs two files at once) is slower still: the waits are for the verdict
 * to come, however long, never a measure of it.
 */
const VERDICT_MS = 240_000;

/**
 * The signer page's identity steps in Debian's Chromium, whose camera is the fake device playing a file
 * (fake-camera.ts): a test-made passport for the document, the same face looking straight and then tilted
 * the way the server's challenge asks for the selfie. Signet runs in monolith mode with the local verifier;
 * every answer the page gets is checked against docs/openapi.json.
 */
describe('the signer page\'s identity steps in headless Chromium, fed by a fake camera', () => {
  let api: TestSignet;
  let browser: TestBrowser;
  let camera: FakeCamera;
  let stripe: StripeIdentityStandIn;
  let passportPhoto: Buffer;
  let face: Buffer;

  beforeAll(async () => {
    camera = fakeCamera();
    passportPhoto = await passport();
    face = (await portraitImages()).astronaut.portrait;
    camera.show(passportPhoto, ON_A_TABLE);
    // Stripe Identity is a local stand-in speaking its API, for the envelopes that choose provider stripe.
    stripe = await startStripeIdentityStandIn();
    const stripeEnv = { STRIPE_IDENTITY_SECRET_KEY: stripe.secretKey, STRIPE_IDENTITY_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url };
    [api, browser] = await Promise.all([startTestSignet(stripeEnv), startChromium({ args: camera.flags })]);
    // The signer allowed the camera (the page's own origin only: its Permissions-Policy is camera=(self)).
    await browser.context.grantPermissions(['camera'], { origin: api.url });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await stripe?.close();
    camera?.close();
  });

  const signUrl = (token: string) => `${api.url}/sign/${token}`;

  async function openPage(size: PageSize, problems: string[], answerProblems: string[]): Promise<Page> {
    const page = await browser.context.newPage();
    await page.setViewportSize(SIZES[size]);
    page.setDefaultTimeout(90_000);
    watchProblems(page, problems);
    watchAnswers(page, answerProblems);
    // File choosers are taken over by the test from now on (Playwright turns that on when a listener is
    // first added, asynchronously: added just before the key that opens one, the dialog could win the race).
    page.on('filechooser', () => undefined);
    return page;
  }

  /** The element with the focus, by id: the flows below move by keyboard and check where the focus went. */
  const focused = (page: Page) => page.evaluate(() => (globalThis as any).document.activeElement?.id ?? null); // eslint-disable-line @typescript-eslint/no-explicit-any

  async function press(page: Page, id: string, key = 'Enter'): Promise<void> {
    await waitFor(async () => (await focused(page)) === id, 20_000, `#${id} focused`);
    await page.keyboard.press(key);
  }

  /**
   * Holds the page's next POST to the identity route `path` until released, so the test sees what the
   * page shows while the server checks (the answer could otherwise come before a look).
   */
  async function hold(page: Page, path: string): Promise<{ sent: Promise<Request>; release(): Promise<void> }> {
    let arrived!: (request: Request) => void;
    let released!: () => void;
    let continued!: () => void;
    const sent = new Promise<Request>((resolve) => { arrived = resolve; });
    const gate = new Promise<void>((resolve) => { released = resolve; });
    const passedOn = new Promise<void>((resolve) => { continued = resolve; });
    await page.route(`**/signing/v1/*/identity/${path}`, async (route) => {
      arrived(route.request());
      await gate;
      await route.continue();
      continued();
    }, { times: 1 });
    return {
      sent,
      async release() {
        released();
        await passedOn;
      }
    };
  }

  describe.each([['EN', 'desktop'], ['EN', 'phone'], ['AR', 'desktop'], ['AR', 'phone']] as const)('in %s on a %s', (code, size) => {
    const language = code.toLowerCase() as LanguageKey;
    // The document by the camera on a phone, by an uploaded photo on a desktop.
    const byCamera = size === 'phone';
    const step = stepRecorder(`identity-${language}-${size}`);

    it(`consents, photographs the passport (${byCamera ? 'camera' : 'upload'}), takes the selfie with its challenge, and signs, by keyboard alone; both checks PASSED`, async () => {
      const problems: string[] = [];
      const answerProblems: string[] = [];
      const page = await openPage(size, problems, answerProblems);
      try {
        const envelope = await identityEnvelope(api, KEYS.globex, { ...IDENTITY_SETTINGS, 'settings[signature_flow][language]': code, 'settings[branding][name]': 'Globex Legal' });
        const headers = (await fetch(signUrl(envelope.token))).headers;
        expect(headers.get('permissions-policy')).toBe('camera=(self)');

        // Consent, before anything else: no documents, no signature.
        await page.goto(signUrl(envelope.token));
        await page.locator('#identity-step[data-step="consent"]').waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : null);
        expect(await page.locator('#documents').isHidden()).toBe(true);
        expect(await page.locator('#finish').isHidden()).toBe(true);
        expect(await page.locator('#identity-step').innerText()).toContain(CATALOGUE[language]['identity.consent.title']);
        await step(page, 'consent');
        await tabTo(page, page, '#consent-agree');
        await page.keyboard.press('Enter');

        // The document: the page reloads to it, its heading focused.
        await page.locator('#identity-step[data-step="document"]').waitFor();
        await waitFor(async () => (await focused(page)) === 'identity-title', 20_000, 'the document step\'s heading focused');
        await step(page, 'document');
        if (byCamera) {
          // The fake camera shows the passport lying on a table from the next capture start.
          camera.show(passportPhoto, ON_A_TABLE);
          await tabTo(page, page, '#camera-open');
          await page.keyboard.press('Enter');
          await page.locator('#camera[data-live="true"]').waitFor();
          expect(await page.locator('#camera-instruction').textContent()).toBe(say(language, 'identity.page.documentGuide'));
          expect(await page.locator('#camera-video').evaluate((video) => (video as unknown as { videoWidth: number }).videoWidth)).toBe(1920);
          await step(page, 'document-camera');
          await press(page, 'camera-capture');
        } else {
          // First an expired passport: a failed attempt, its reason and the attempts left in the page's language.
          await tabTo(page, page, '#upload-open');
          let chooser = page.waitForEvent('filechooser');
          await page.keyboard.press('Enter');
          await (await chooser).setFiles({ name: 'expired.jpg', mimeType: 'image/jpeg', buffer: await passport({ expiry: '2024-03-31' }) });
          await page.locator('#identity-step[data-phase="preview"] #preview-image[src^="blob:"]').waitFor();
          await press(page, 'preview-use');
          await page.locator('#identity-error:not(:empty)').waitFor({ timeout: VERDICT_MS });
          const attemptsLeft = translate(languageOf(code), 'identity.page.attemptsLeft', { left: 2 });
          expect(await page.locator('#identity-error').textContent()).toBe(`${say(language, 'identity.reason.DOCUMENT_EXPIRED')} ${attemptsLeft}`);
          expect(await page.locator('#identity-error').getAttribute('role')).toBe('alert');
          await step(page, 'document-failed');
          // Then the valid one, from the button the failure gave the focus back to.
          await waitFor(async () => (await focused(page)) === 'camera-open', 20_000, 'the focus back on the step\'s first button');
          await tabTo(page, page, '#upload-open');
          chooser = page.waitForEvent('filechooser');
          await page.keyboard.press('Enter');
          await (await chooser).setFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: passportPhoto });
        }
        await page.locator('#identity-step[data-phase="preview"] #preview-image[src^="blob:"]').waitFor();
        // The camera is off while the photo is looked at.
        expect(await page.locator('#camera[data-live]').count()).toBe(0);
        await step(page, 'document-preview');
        const documentCheck = await hold(page, 'document');
        await press(page, 'preview-use');
        const sentImage = Buffer.from((await documentCheck.sent).postDataJSON().image as string, 'base64');
        // A JPEG re-encoded by the page (at most 2000 px on its long side).
        expect(sentImage.subarray(0, 3).toString('hex')).toBe('ffd8ff');
        // While the server checks, the page says so (a live region) and the step is busy.
        expect(await page.locator('#identity-status.working').textContent()).toBe(say(language, 'identity.page.checkingDocument'));
        expect(await page.locator('#identity-step').getAttribute('aria-busy')).toBe('true');
        await step(page, 'document-checking');
        await documentCheck.release();

        // The selfie: the document's verdict reloads the page, which says it passed.
        await page.locator('#identity-step[data-step="selfie"]').waitFor({ timeout: VERDICT_MS });
        expect(await page.locator('#identity-passed').textContent()).toBe(say(language, 'identity.page.documentPassed'));
        await step(page, 'selfie');
        camera.show(await makeSelfie(face));
        await tabTo(page, page, '#camera-open');
        await page.keyboard.press('Enter');
        await page.locator('#camera[data-live="true"]').waitFor();
        expect(await page.locator('#camera-instruction').textContent()).toBe(say(language, 'identity.page.lookStraight'));
        // The selfie frame (720 × 960): the fake camera read its file again when the page opened it.
        expect(await page.locator('#camera-video').evaluate((video) => (video as unknown as { videoWidth: number }).videoWidth)).toBe(720);
        await step(page, 'selfie-camera');
        await press(page, 'camera-capture');
        // The neutral frame is taken and the camera stopped; the server's challenge says how to move next.
        await page.locator('#identity-step[data-phase="preview"][data-challenge]').waitFor();
        expect(await page.locator('#camera[data-live]').count()).toBe(0);
        const challenge = await page.locator('#identity-step').getAttribute('data-challenge') as 'TILT_LEFT' | 'TILT_RIGHT';
        expect(['TILT_LEFT', 'TILT_RIGHT']).toContain(challenge);
        expect(await page.locator('#preview-next').textContent()).toBe(say(language, `identity.page.next.${challenge}`));
        await step(page, 'selfie-neutral');
        // The fake camera now shows the head tilted as asked (toward the signer's own left: clockwise in the
        // frame the camera takes), from the next capture start: the page opens the camera again for it.
        camera.show(await makeSelfie(face, { tilt: challenge === 'TILT_LEFT' ? TILT_DEGREES : -TILT_DEGREES }));
        await press(page, 'preview-use');
        await page.locator('#camera[data-live="true"]').waitFor();
        expect(await page.locator('#camera-instruction').textContent()).toBe(say(language, `identity.page.move.${challenge}`));
        await step(page, 'selfie-challenge');
        await press(page, 'camera-capture');
        await page.locator('#identity-step[data-phase="preview"]').waitFor();
        expect(await page.locator('#preview-use').textContent()).toBe(say(language, 'identity.page.send'));
        const selfieCheck = await hold(page, 'selfie');
        await press(page, 'preview-use');
        const frames = (await selfieCheck.sent).postDataJSON() as { neutral: string; challenge: string };
        // Two frames, and not the same picture twice: the camera restarted on the tilted file.
        const digest = (frame: string) => createHash('sha256').update(frame).digest('hex');
        expect(digest(frames.neutral)).not.toBe(digest(frames.challenge));
        expect(await page.locator('#identity-status.working').textContent()).toBe(say(language, 'identity.page.checkingSelfie'));
        await selfieCheck.release();

        // Both checks passed: the documents, then the signature.
        await page.locator('#documents[data-rendered="true"]').waitFor({ timeout: VERDICT_MS });
        expect(await page.locator('#identity-passed').textContent()).toBe(say(language, 'identity.page.selfiePassed'));
        expect(await page.locator('#identity-step').count()).toBe(0);
        await page.locator('.placement').first().click();
        await page.locator('#adopt-dialog[open]').waitFor();
        await page.locator('#adopt-apply').click();
        await page.locator('#consent').check();
        await page.locator('#sign').click();
        await page.locator('main[data-state="ALREADY_SIGNED"], main[data-state="COMPLETED"]').waitFor();
        await step(page, 'signed');

        const record = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
        expect(record.status).toBe(200);
        expect(record.body).toMatchObject({
          consent: { version: expect.any(String) },
          id_check: { status: 'PASSED', method: 'local', attempts_used: byCamera ? 1 : 2, document: { kind: 'PASSPORT', country: 'FRA', read_from: 'MRZ' } },
          biometric: { status: 'PASSED', method: 'local', attempts_used: 1 }
        });
        const selfieSteps = ((record.body as Body).biometric.attempts[0].subchecks as Body[]).map((check) => check.name);
        expect(selfieSteps).toContain(`challenge_${challenge.toLowerCase()}`);
        expect(problems).toEqual([]);
        expect(answerProblems).toEqual([]);
      } finally {
        await page.close();
      }
    }, 600_000);
  });

  it('declines the consent after a confirmation that says it rejects the envelope: the recipient REJECTED, with the reason', async () => {
    const problems: string[] = [];
    const answerProblems: string[] = [];
    const page = await openPage('phone', problems, answerProblems);
    const step = stepRecorder('identity-en-phone');
    try {
      const envelope = await identityEnvelope(api, KEYS.globex);
      await page.goto(signUrl(envelope.token));
      await page.locator('#identity-step[data-step="consent"]').waitFor();
      await tabTo(page, page, '#consent-decline');
      await page.keyboard.press('Enter');
      await page.locator('#decline-dialog[open]').waitFor();
      expect(await page.locator('#decline-dialog').innerText()).toContain(say('en', 'identity.page.declineNext'));
      // The safe choice has the focus first; the rejection is one deliberate step away.
      expect(await focused(page)).toBe('decline-cancel');
      await step(page, 'decline-confirm');
      await tabTo(page, page, '#decline');
      await page.keyboard.press('Enter');
      await page.locator('main[data-state="REJECTED"]').waitFor();
      expect(await page.locator('.state').textContent()).toContain('You rejected this envelope');
      await step(page, 'declined');

      const rejected = await waitFor(() => api.events.find((event) => event.key === envelope.id && event.event.event_type === 'recipient.rejected'), 20_000, 'recipient.rejected');
      expect(rejected.event.data).toMatchObject({ custom_key: 'eileen', reason: 'Declined the identity checks' });
      expect((await api.call('GET', `/signing/v1/${envelope.token}`, { key: null })).body.state).toBe('REJECTED');
      const got = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
      expect(got.envelope_signers[0].status).toBe('REJECTED');
      // A rejection ends the envelope for everyone (docs/decisions.md: a rejected envelope is VOIDED).
      expect(got.status).toBe('VOIDED');
      expect((await api.call('GET', identityPath(envelope), { key: KEYS.globex })).body).toMatchObject({ consent: null, id_check: null, biometric: null });
      expect(problems).toEqual([]);
      expect(answerProblems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 300_000);

  it('sends the signer to Stripe for provider stripe, and back on the link waits for its verdict, then shows the documents', async () => {
    const problems: string[] = [];
    const answerProblems: string[] = [];
    const page = await openPage('desktop', problems, answerProblems);
    const step = stepRecorder('identity-en-desktop');
    try {
      const envelope = await identityEnvelope(api, KEYS.globex, {
        ...IDENTITY_SETTINGS, 'settings[validations][id_check][provider]': 'stripe', 'settings[validations][biometric][provider]': 'stripe'
      });
      await page.goto(signUrl(envelope.token));
      await page.locator('#identity-step[data-step="consent"]').waitFor();
      expect(await page.locator('#identity-step').innerText()).toContain('The checks are done by Stripe.');
      await tabTo(page, page, '#consent-agree');
      await page.keyboard.press('Enter');
      await page.locator('#identity-step[data-provider="Stripe"][data-waiting="false"]').waitFor();
      expect(await page.locator('#provider-start').textContent()).toBe('Continue to Stripe');
      await step(page, 'stripe');
      // Stripe's hosted page, as far as this test goes: where the browser is sent.
      await page.route(`${stripe.url}/verify/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe</title><p>Verify your identity</p>' }));
      await tabTo(page, page, '#provider-start');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stripe.url}/verify/**`);
      const reference = ((await api.call('GET', identityPath(envelope), { key: KEYS.globex })).body as Body).id_check.provider_reference as string;
      expect(reference).toMatch(/^vs_/);

      // Back on the signing link (Stripe's return_url) before the verdict: the page waits for it.
      await page.goto(signUrl(envelope.token));
      await page.locator('#identity-step[data-waiting="true"]').waitFor();
      expect(await page.locator('#identity-status').textContent()).toBe('Waiting for the result from Stripe…');
      await step(page, 'stripe-waiting');
      stripe.verify(reference, { first_name: 'Eileen', last_name: 'Collins',
        document: { type: 'passport', issuing_country: 'FR', number: '18AB34567', expiration_date: { day: 31, month: 5, year: 2034 } } });
      expect((await stripe.sendWebhook(`${api.url}/identity/v1/stripe/webhook`, 'identity.verification_session.verified', reference)).status).toBe(200);
      // It looks again every few seconds; the verdict shows the documents.
      await page.locator('#documents[data-rendered="true"]').waitFor({ timeout: VERDICT_MS });
      expect(await page.locator('#identity-step').count()).toBe(0);
      expect(((await api.call('GET', identityPath(envelope), { key: KEYS.globex })).body as Body).biometric).toMatchObject({ status: 'PASSED', method: 'stripe' });
      expect(problems).toEqual([]);
      expect(answerProblems).toEqual([]);
    } finally {
      await page.unroute(`${stripe.url}/verify/**`);
      await page.close();
    }
  }, 300_000);

  it('shows the consent, document and selfie steps in each of the 15 languages: no English left, Arabic right to left, nothing serious for axe', async () => {
    const form = { ...IDENTITY_SETTINGS, 'settings[branding][name]': 'Globex Legal', 'documents[contract][base64]': base64(await samplePdf()) };
    const { tokens } = await sentInEveryLanguage(api, form, (language) => ({ email: `${language.key}.identity@example.com`, name: HOLDER.name }));

    const problems: string[] = [];
    const answerProblems: string[] = [];
    const page = await openPage('phone', problems, answerProblems);
    const step = stepRecorder('languages-identity');
    const findings: Array<{ language: string; step: string; english: string[]; dir: string }> = [];
    const look = async (language: (typeof LANGUAGES)[number], name: string) => {
      await page.locator(`#identity-step[data-step="${name}"]`).waitFor();
      findings.push({ language: language.code, step: name, english: language.key === 'en' ? [] : englishLeft(language.key, await shownTexts(page)),
        dir: `${await page.locator('html').getAttribute('lang')} ${(await page.locator('html').getAttribute('dir')) ?? 'ltr'}` });
      await step(page, `${language.key}-${name}`);
    };
    try {
      for (const language of LANGUAGES) {
        const token = tokens.get(language.key) as string;
        await page.goto(signUrl(token));
        await look(language, 'consent');
        await page.locator('#consent-agree').click();
        await look(language, 'document');
        // The document through the signing API (the camera and upload paths are the flows above): the selfie step follows.
        const document = await signer(api, token, 'document', { image: base64(passportPhoto) });
        expect({ language: language.code, verdict: document.body }).toMatchObject({ language: language.code, verdict: { status: 'PASSED' } });
        await page.reload();
        await look(language, 'selfie');
      }
    } finally {
      await page.close();
    }
    expect(findings.filter((finding) => finding.english.length > 0)).toEqual([]);
    expect([...new Set(findings.map((finding) => `${finding.language} ${finding.dir}`))])
      .toEqual(LANGUAGES.map((language) => `${language.code} ${language.tag} ${language.direction}`));
    expect(problems).toEqual([]);
    expect(answerProblems).toEqual([]);
  }, 900_000);
});
