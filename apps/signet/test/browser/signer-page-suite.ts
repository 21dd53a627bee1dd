import type { Frame, Page } from 'playwright-core';
import { contractPdf, freePort, signaturePng, waitFor } from '@signet/testkit';
import { startIntegratorApp, stepRecorder, tabTo } from './page-checks';
import type { CasePage, PageLanguage, PageSize, SignerPages } from './signer-pages';
import { KEYS } from '../harness';
import { DRAWN_PNG, sentEnvelope } from '../signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOGO = `data:image/png;base64,${signaturePng(100, 40).toString('base64')}`;

/** The words the tests look for, in each language of the page. */
const WORDS = {
  EN: { progress: (done: number, total: number) => `${done} of ${total} signed`, finish: 'Finish', wrongCode: 'The code is not correct: 2 attempts left.',
    emailed: 'we will email you the signed copy', rejectedByYou: 'You rejected this envelope', contact: 'Contact Globex Legal' },
  ES: { progress: (done: number, total: number) => `${done} de ${total} firmados`, finish: 'Finalizar', wrongCode: 'El código no es correcto: quedan 2 intentos.',
    emailed: 'le enviaremos la copia firmada', rejectedByYou: 'Rechazó este sobre', contact: 'Contacte a Globex Legal' }
} as const;

/** Three places for Ana: her token in the text of page 1, a spot lower on page 1, and one on page 2. */
const ANA_PLACEMENTS = {
  'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}',
  'placements[1][document_key]': 'contract', 'placements[1][recipient_key]': 'ana', 'placements[1][coordinates][page]': '0', 'placements[1][coordinates][left]': '380', 'placements[1][coordinates][top]': '600',
  'placements[2][document_key]': 'contract', 'placements[2][recipient_key]': 'ana', 'placements[2][coordinates][page]': '1', 'placements[2][coordinates][left]': '72', 'placements[2][coordinates][top]': '560'
};

/**
 * The signer page's flows for one language and screen size, in the page `tab` of the Signet and
 * Chromium the file shares.
 */
export function signerPageFlows(shared: SignerPages, tab: CasePage, language: PageLanguage, size: PageSize): void {
  const words = WORDS[language];
  const step = stepRecorder(`${language.toLowerCase()}-${size}`);

  const envelopeFor = (form: Record<string, string>) => sentEnvelope(shared.api, KEYS.globex, {
    'documents[contract][base64]': '', 'settings[signature_flow][language]': language,
    'settings[branding][name]': 'Globex Legal', 'settings[branding][url_homepage]': 'https://globex.example/', 'settings[branding][logo]': LOGO,
    ...form
  });
  const signUrl = (token: string) => `${shared.api.url}/sign/${token}`;

  async function emailedCode(token: string): Promise<string> {
    const { email } = (await shared.api.call('GET', `/signing/v1/${token}`, { key: null })).body.recipient as Body;
    const mail = await shared.smtp.waitFor((candidate) => candidate.to.includes(email) && /^[0-9]{6}$/m.test(candidate.text), 20_000);
    return /^([0-9]{6})$/m.exec(mail.text)?.[1] as string;
  }

  async function askCode(token: string, target: Page | Frame = tab.page): Promise<string> {
    await target.locator('#send-code').click();
    await target.locator('#code-status:not(:empty)').waitFor();
    return emailedCode(token);
  }

  const progress = (target: Page | Frame = tab.page) => target.locator('#progress').textContent();
  const focusedPlacement = (target: Page | Frame = tab.page) => target.evaluate('document.activeElement?.dataset.placement ?? null');

  it('guides a typed signature through three places, then the second signer (SEQUENTIAL) draws; the done page offers the signed copy', async () => {
    const { page } = tab;
    const { api } = shared;
    const envelope = await envelopeFor({ 'documents[contract][base64]': (await contractPdf({ pages: 2, token: '{{ana}}' })).toString('base64'),
      'settings[signature_flow][signature_order]': 'SEQUENTIAL', ...ANA_PLACEMENTS });
    expect((await fetch(signUrl(envelope.tokens.ana as string))).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await page.goto(signUrl(envelope.tokens.ana as string));
    await page.locator('#documents[data-first-page="true"]').waitFor();
    expect(await page.locator('.logo').getAttribute('src')).toBe(LOGO);
    await page.locator('#documents[data-rendered="true"]').waitFor();
    expect(await page.locator('.placement').count()).toBe(3);
    expect(await progress()).toBe(words.progress(0, 3));
    await step(page, 'guided-ready');
    if (size === 'phone') {
      // Fit-width shows the whole page; the zoom draws it again larger, for reading the clauses.
      await page.locator('#zoom').selectOption('2');
      await waitFor(async () => (await page.locator('.page canvas').first().evaluate((canvas) => (canvas as unknown as { width: number }).width)) > 1000, 20_000, 'zoomed page drawn');
      await step(page, 'zoomed');
      await page.locator('#zoom').selectOption('1');
    }

    await page.locator('.placement').first().click();
    await page.locator('#adopt-dialog[open]').waitFor();
    expect(await page.locator('#typed-name').inputValue()).toBe('Ana Lima');
    await step(page, 'guided-adopt');
    await page.locator('#adopt-apply').click();
    expect(await progress()).toBe(words.progress(1, 3));
    for (const done of [2, 3]) {
      await page.locator('#next').click();
      const next = page.locator('.placement:focus');
      await expect(next.isVisible()).resolves.toBe(true);
      expect(await next.evaluate((node) => node.classList.contains('signed'))).toBe(false);
      await next.click();
      expect(await progress()).toBe(words.progress(done, 3));
    }
    expect(await page.locator('#next').textContent()).toBe(words.finish);
    await page.locator('#next').click();
    await waitFor(async () => (await page.evaluate('document.activeElement?.id')) === 'consent', 20_000, 'consent focused');
    expect(await page.locator('#sign').isDisabled()).toBe(true);
    await page.locator('#consent').check();
    await step(page, 'guided-finish');
    await page.locator('#sign').click();
    await page.locator('main[data-state="ALREADY_SIGNED"]').waitFor();
    expect(await page.locator('#next-step').textContent()).toContain(words.emailed);
    await step(page, 'signed');

    await waitFor(() => api.events.some((event) => event.key === envelope.id && event.event.event_type === 'recipient.in_progress'
      && (event.event.data as Body).custom_key === 'ben'), 20_000, 'ben invited');
    await page.goto(signUrl(envelope.tokens.ben as string));
    await page.locator('#documents[data-rendered="true"]').waitFor();
    // No places of his own: the simple flow, the signature adopted right in the finish card.
    expect(await page.locator('.placement').count()).toBe(0);
    expect(await page.locator('#guide').isHidden()).toBe(true);
    await page.locator('input[value="DRAWN"]').check();
    const pad = await page.locator('#pad').boundingBox();
    if (!pad) throw new Error('no signature pad');
    await page.mouse.move(pad.x + 20, pad.y + pad.height * 0.7);
    await page.mouse.down();
    for (const [x, y] of [[0.2, 0.3], [0.4, 0.75], [0.6, 0.25], [0.9, 0.5]] as const) await page.mouse.move(pad.x + pad.width * x, pad.y + pad.height * y, { steps: 4 });
    await page.mouse.up();
    await page.locator('#consent').check();
    await step(page, 'second-signer');
    await page.locator('#sign').click();
    // The last signature: the page waits for the signed copy and then offers it.
    await page.locator('main[data-state="COMPLETED"] a.download').waitFor({ timeout: 60_000 });
    await step(page, 'completed');
    const download = await fetch(`${api.url}${await page.locator('a.download').getAttribute('href')}`);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(tab.problems).toEqual([]);
  }, 300_000);

  it('asks only the code until it passes, with one error in the page\'s language, then signs with an upload; the other recipient rejects after confirming', async () => {
    const { page } = tab;
    const { api } = shared;
    const envelope = await envelopeFor({ 'documents[contract][base64]': (await contractPdf({ pages: 1, token: '{{ana}}' })).toString('base64'),
      'settings[validations][email][enabled]': 'TRUE', 'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}' });
    const ana = envelope.tokens.ana as string;
    await page.goto(signUrl(ana));
    expect(await page.locator('#documents').isHidden()).toBe(true);
    expect(await page.locator('#finish').isHidden()).toBe(true);
    await step(page, 'code');
    const code = await askCode(ana);
    await page.locator('#code').fill(code === '000000' ? '000001' : '000000');
    await page.locator('#verify-code').click();
    await page.locator('#code-error:not(:empty)').waitFor();
    expect(await page.locator('#code-error').textContent()).toBe(words.wrongCode);
    expect(await page.locator('#code').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('main').evaluate((main) => main.textContent?.split(/attempts left|quedan 2 intentos/).length)).toBe(2);
    await step(page, 'code-error');
    await page.locator('#code').fill(code);
    await page.locator('#verify-code').click();
    await page.locator('#documents[data-rendered="true"]').waitFor();
    expect(await page.locator('#code-step').isHidden()).toBe(true);
    await page.locator('.placement').click();
    await page.locator('#adopt-dialog[open] input[value="UPLOADED"]').check();
    await page.locator('#upload').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: Buffer.from(DRAWN_PNG, 'base64') });
    await page.locator('#upload-preview[src^="data:image/png"]').waitFor();
    await step(page, 'upload-adopt');
    await page.locator('#adopt-apply').click();
    await page.locator('.placement.signed img').waitFor();
    await page.locator('#consent').check();
    await page.locator('#sign').click();
    await page.locator('main[data-state="ALREADY_SIGNED"]').waitFor();

    const ben = envelope.tokens.ben as string;
    await page.goto(signUrl(ben));
    await page.locator('#code').fill(await askCode(ben));
    await page.locator('#verify-code').click();
    await page.locator('#documents[data-rendered="true"]').waitFor();
    await page.locator('#reject-open').click();
    await page.locator('#reject-dialog[open]').waitFor();
    expect(await page.locator('#reject').isDisabled()).toBe(true);
    await page.locator('#reason').fill('Wrong amount');
    await step(page, 'reject-confirm');
    await page.locator('#reject').click();
    await page.locator('main[data-state="REJECTED"]').waitFor();
    expect(await page.locator('.state').textContent()).toContain(words.rejectedByYou);
    await step(page, 'rejected');
    await page.goto(signUrl(ana));
    expect(await page.locator('.contact').textContent()).toContain(`${words.contact}.`);
    expect(await page.locator('.contact a').getAttribute('href')).toBe('https://globex.example/');
    const rejected = await waitFor(() => api.events.find((event) => event.key === envelope.id && event.event.event_type === 'recipient.rejected'), 20_000, 'rejected');
    expect(rejected.event.data).toMatchObject({ custom_key: 'ben', reason: 'Wrong amount' });
    expect(tab.problems.filter((problem) => !/422/.test(problem))).toEqual([]);
  }, 300_000);

  it('signs keyboard-only inside an iframe of another origin, telling the parent what happened; the other recipient rejects there', async () => {
    const { page } = tab;
    const { api } = shared;
    const app = await startIntegratorApp(await freePort());
    try {
      const redirect: Record<string, string> = size === 'phone' ? { 'settings[signature_flow][redirect_url]': 'https://app.example.test/signed?from=signet' } : {};
      const envelope = await envelopeFor({ 'documents[contract][base64]': (await contractPdf({ pages: 2, token: '{{ana}}' })).toString('base64'),
        'settings[signature_flow][embed_origins]': `https://other.example, ${app.origin}`, ...redirect,
        'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}',
        'placements[1][document_key]': 'contract', 'placements[1][recipient_key]': 'ana', 'placements[1][coordinates][page]': '1', 'placements[1][coordinates][left]': '300', 'placements[1][coordinates][top]': '500' });
      await page.route('https://app.example.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Signed</title><p>Back in the app</p>' }));
      const framed = (await fetch(signUrl(envelope.tokens.ana as string))).headers.get('content-security-policy');
      expect(framed).toContain(`frame-ancestors https://other.example ${app.origin}`);
      await page.goto(`${app.origin}/embed?src=${encodeURIComponent(signUrl(envelope.tokens.ana as string))}`);
      const frame = await waitFor(() => page.frames().find((candidate) => candidate.url().includes('/sign/')), 20_000, 'signer frame');
      await frame.locator('#documents[data-rendered="true"]').waitFor();
      await step(page, 'embedded', frame);

      await tabTo(page, frame, 'button.placement');
      await page.keyboard.press('Enter');
      await frame.locator('#adopt-dialog[open]').waitFor();
      await tabTo(page, frame, '#adopt-apply');
      await page.keyboard.press('Enter');
      expect(await progress(frame)).toBe(words.progress(1, 2));
      await tabTo(page, frame, '#next');
      await page.keyboard.press('Enter');
      await waitFor(async () => (await focusedPlacement(frame)) !== null, 20_000, 'next place focused');
      await page.keyboard.press('Enter');
      expect(await progress(frame)).toBe(words.progress(2, 2));
      await tabTo(page, frame, '#consent');
      await page.keyboard.press('Space');
      await tabTo(page, frame, '#sign');
      await step(page, 'embedded-finish', frame);
      await page.keyboard.press('Enter');
      const messages = () => page.evaluate('window.signetMessages') as Promise<Body[]>;
      await waitFor(async () => (await messages()).some((message) => message.type === 'signed'), 60_000, 'signed message');
      const told = await messages();
      expect(told.map((message) => message.type)).toEqual(['loaded', 'signed']);
      for (const message of told) expect(message).toMatchObject({ origin: api.url, envelope_id: envelope.id, source: 'signet' });
      if (size === 'phone') {
        await waitFor(() => page.frames().find((candidate) => candidate.url().startsWith('https://app.example.test/signed')), 20_000, 'redirected');
        const target = new URL(page.frames().find((candidate) => candidate.url().startsWith('https://app.example.test/'))!.url());
        expect(Object.fromEntries(target.searchParams)).toMatchObject({ from: 'signet', event: 'signed', envelope_id: envelope.id });
      } else {
        await frame.locator('main[data-state="ALREADY_SIGNED"]').waitFor();
        await step(page, 'embedded-signed', frame);
      }

      await page.goto(`${app.origin}/embed?src=${encodeURIComponent(signUrl(envelope.tokens.ben as string))}`);
      const benFrame = await waitFor(() => page.frames().find((candidate) => candidate.url().includes('/sign/')), 20_000, 'ben frame');
      await benFrame.locator('#documents[data-rendered="true"]').waitFor();
      await tabTo(page, benFrame, '#reject-open');
      await page.keyboard.press('Enter');
      await benFrame.locator('#reject-dialog[open]').waitFor();
      await tabTo(page, benFrame, '#reason');
      await page.keyboard.type('Not mine to sign');
      await tabTo(page, benFrame, '#reject');
      await page.keyboard.press('Enter');
      await waitFor(async () => (await messages()).some((message) => message.type === 'rejected'), 20_000, 'rejected message');
      expect((await messages()).map((message) => message.type)).toEqual(['loaded', 'rejected']);
      expect(tab.problems).toEqual([]);
    } finally {
      await page.unroute('https://app.example.test/**');
      await app.close();
    }
  }, 300_000);
}
