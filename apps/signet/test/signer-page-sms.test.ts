import type { Page } from 'playwright-core';
import { waitFor } from '@signet/testkit';
import { startChromium, type TestBrowser } from './browser/chromium';
import { stepRecorder, watchProblems } from './browser/page-checks';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { ANA_PHONE, codeInSms, mailedCode, phoneEnvelope, signerSendCode, smsInSink } from './validations/sms-flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Ana's phone as the page may show it: the country code and the last two digits, never the rest. */
const MASKED_PHONE = '+34 ••••78';
/** Every spelling of Ana's full number that must never reach the page. */
const FULL_PHONE = [ANA_PHONE.e164, ANA_PHONE.given, '612345678', '612 34 56 78', '612 345 678'];

/** The words the test looks for, in each language of the page. */
const WORDS = {
  EN: { title: 'Confirm your phone number', send: 'Text me a code', sent: `Code sent by text message to ${MASKED_PHONE}.`,
    wrongCode: 'The code is not correct: 2 attempts left.', left: /attempts left/g, emailTitle: 'Confirm your email address' },
  ES: { title: 'Confirme su número de teléfono', send: 'Enviarme un código por SMS', sent: `Código enviado por SMS al ${MASKED_PHONE}.`,
    wrongCode: 'El código no es correcto: quedan 2 intentos.', left: /quedan 2 intentos/g, emailTitle: 'Confirme su correo electrónico' }
} as const;

const DAILY_LIMIT = 2;

/** A 6-digit code that is not `code`. */
const wrongCodeFor = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * The signer page's SMS step in a real Chromium, through the gateway in monolith mode: SMS at order 0,
 * email at order 1. Codes are read where a developer reads them: /dev/sms and /dev/mail.
 */
describe('the signer page\'s SMS step in headless Chromium', () => {
  let api: TestSignet;
  let browser: TestBrowser;
  let texted = 0;

  beforeAll(async () => {
    // Globex's two flows text twice; acme's refusals test fills its own two before the page meets the cap.
    api = await startTestSignet({ SMS_TENANT_DAILY_LIMIT: String(DAILY_LIMIT) });
    browser = await startChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  /** The newest code texted to Ana, once the sink holds one more SMS to her than before. */
  async function textedCode(): Promise<string> {
    texted += 1;
    const messages = await smsInSink(api, ANA_PHONE.e164, texted);
    return codeInSms((messages.at(-1) as { body: string }).body);
  }

  describe.each([['EN', 'desktop'], ['ES', 'phone']] as const)('in %s on a %s', (language, size) => {
    const words = WORDS[language];
    const step = stepRecorder(`sms-${language.toLowerCase()}-${size}`);
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      page = await browser.context.newPage();
      await page.setViewportSize(SIZES[size]);
      // A busy machine draws slowly: waits are generous, the steps still happen in order.
      page.setDefaultTimeout(90_000);
      watchProblems(page, problems);
    });

    afterAll(() => page?.close());

    it('asks the SMS code first, naming a masked phone, with one error for a wrong code; then the email code; then the signer signs and the envelope completes', async () => {
      const envelope = await phoneEnvelope(api, KEYS.globex, {
        'settings[validations][phone][order]': '0', 'settings[validations][email][enabled]': 'TRUE', 'settings[validations][email][order]': '1',
        'settings[signature_flow][language]': language
      });
      await page.goto(`${api.url}/sign/${envelope.token}`);
      await page.locator('#code-step[data-channel="sms"]').waitFor();
      expect(await page.locator('#code-title').textContent()).toBe(words.title);
      expect(await page.locator('#send-code').textContent()).toBe(words.send);
      expect(await page.locator('#documents').isHidden()).toBe(true);
      expect(await page.locator('#finish').isHidden()).toBe(true);
      await step(page, 'sms-code');

      await page.locator('#send-code').click();
      await page.locator('#code-status:not(:empty)').waitFor();
      expect(await page.locator('#code-status').textContent()).toBe(words.sent);
      const html = await page.content();
      for (const spelling of FULL_PHONE) expect({ spelling, shown: html.includes(spelling) }).toEqual({ spelling, shown: false });
      const code = await textedCode();

      await page.locator('#code').fill(wrongCodeFor(code));
      await page.locator('#verify-code').click();
      await page.locator('#code-error:not(:empty)').waitFor();
      expect(await page.locator('#code-error').textContent()).toBe(words.wrongCode);
      expect(await page.locator('#code').getAttribute('aria-invalid')).toBe('true');
      expect((await page.locator('main').textContent())?.match(words.left)).toHaveLength(1);
      await step(page, 'sms-code-error');

      // The SMS passes; the page comes back for the email code, with the documents shown.
      await page.locator('#code').fill(code);
      await page.locator('#verify-code').click();
      await page.locator('#code-step[data-channel="email"]').waitFor();
      expect(await page.locator('#code-title').textContent()).toBe(words.emailTitle);
      await page.locator('#documents[data-rendered="true"]').waitFor();
      expect(await page.locator('#finish').isHidden()).toBe(true);
      await step(page, 'email-code');
      if (language === 'ES') {
        expect(problems.filter((problem) => !/422/.test(problem))).toEqual([]);
        return;
      }

      await page.locator('#send-code').click();
      await page.locator('#code-status:not(:empty)').waitFor();
      const { email } = (await api.call('GET', `/signing/v1/${envelope.token}`, { key: null })).body.recipient as Body;
      await page.locator('#code').fill(await mailedCode(api, email as string));
      await page.locator('#verify-code').click();
      await page.locator('#finish:not([hidden])').waitFor();
      expect(await page.locator('#code-step').isHidden()).toBe(true);
      expect(await page.locator('#typed-name').inputValue()).toBe('Ana Lima');
      await page.locator('#consent').check();
      await step(page, 'finish');
      await page.locator('#sign').click();
      // Ana is the only recipient: her signature completes the envelope.
      await page.locator('main[data-state="ALREADY_SIGNED"], main[data-state="COMPLETED"]').waitFor();
      await waitFor(async () => ((await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body).status === 'SUCCESS', 90_000, 'SUCCESS');
      expect(problems.filter((problem) => !/422/.test(problem))).toEqual([]);
    }, 300_000);
  });

  it('says why when no code can be texted (a country off the allow-list, the account\'s daily cap), never asking for digits', async () => {
    const step = stepRecorder('sms-en-desktop');
    const page = await browser.context.newPage();
    const problems: string[] = [];
    watchProblems(page, problems);
    page.setDefaultTimeout(90_000);
    try {
      const refusal = async (token: string): Promise<string | null> => {
        await page.goto(`${api.url}/sign/${token}`);
        await page.locator('#send-code').click();
        await page.locator('#code-error:not(:empty)').waitFor();
        expect(await page.locator('#code-status').textContent()).toBe('');
        return page.locator('#code-error').textContent();
      };
      // France is not on the default allow-list.
      const french = await phoneEnvelope(api, KEYS.acme, { 'recipients[ana][phone]': '+33 6 12 34 56 78' });
      expect(await refusal(french.token)).toBe('Codes cannot be texted to your phone number. Contact the person who sent you this envelope.');
      await step(page, 'sms-country-refused');

      for (let sent = 0; sent < DAILY_LIMIT; sent += 1) {
        const filler = await phoneEnvelope(api, KEYS.acme);
        expect((await signerSendCode(api, filler.token, 'sms')).status).toBe(200);
      }
      texted += DAILY_LIMIT;
      const capped = await phoneEnvelope(api, KEYS.acme);
      expect(await refusal(capped.token)).toBe('No more codes can be texted for now. Try again later, or contact the person who sent you this envelope.');
      expect(problems.filter((problem) => !/^4(22|29) /.test(problem))).toEqual([]);
    } finally {
      await page.close();
    }
  }, 300_000);
});
