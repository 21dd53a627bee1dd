import type { Page } from 'playwright-core';
import { contractPdf, samplePdf, waitFor } from '@signet/testkit';
import { stepRecorder, tabTo } from './page-checks';
import type { CasePage, PageLanguage, PageSize, SignerPages } from './signer-pages';
import { at, sentWithRoles } from '../fields/flows';
import { KEYS } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIELD_WORDS = {
  EN: { finish: 'Finish', approve: 'Approve', approveConsent: 'I agree to approve these documents electronically.' },
  ES: { finish: 'Finalizar', approve: 'Aprobar', approveConsent: 'Acepto aprobar estos documentos electrónicamente.' }
} as const;

/** Ana's signature on her token and one field of every type; Bea approves on page 2. */
const PLACEMENTS = {
  'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}',
  ...at(1, 'ana', 'INITIALS', 130, 0, { name: 'initials' }), ...at(2, 'ana', 'TEXT', 170, 0, { name: 'company' }),
  ...at(3, 'ana', 'NUMBER', 210, 0, { name: 'amount' }), ...at(4, 'ana', 'DATE', 250, 0, { name: 'start_date' }),
  ...at(5, 'ana', 'CHECKBOX', 290, 0, { name: 'agree', required: 'TRUE' }), ...at(6, 'ana', 'RADIO', 330, 0, { name: 'plan', options: 'Basic,Premium' }),
  ...at(7, 'ana', 'DROPDOWN', 370, 0, { name: 'country', options: 'Spain,Chile' }), ...at(8, 'ana', 'EMAIL', 410, 0, { name: 'contact' }),
  ...at(9, 'ana', 'NAME', 450, 0, { name: 'full_name' }), ...at(10, 'ana', 'SIGNING_DATE', 490, 0, { name: 'signed_on' }),
  ...at(11, 'ana', 'ATTACHMENT', 530, 0, { name: 'id_document' }), ...at(12, 'bea', 'APPROVAL', 200, 1)
};

/** What the keyboard types into each kind of field: text as keys, a tick box with Space, a choice with the arrows. */
const TYPED: Record<string, string> = { INITIALS: 'AL', TEXT: 'Acme', NUMBER: '42', DATE: '2026-12-01', EMAIL: 'billing@acme.example' };

/** The field flow for one language and screen size, in the page `tab` of the Signet and Chromium the file shares. */
export function fieldFlow(shared: SignerPages, tab: CasePage, language: PageLanguage, size: PageSize): void {
  const step = stepRecorder(`fields-${language.toLowerCase()}-${size}`);

  /** Confirms the open field dialog from the keyboard. */
  async function confirm(page: Page): Promise<void> {
    await tabTo(page, page, '#field-ok');
    await page.keyboard.press('Enter');
    await page.locator('#field-dialog[open]').waitFor({ state: 'detached' }).catch(() => undefined);
    await waitFor(async () => !(await page.locator('#field-dialog').evaluate((dialog) => (dialog as unknown as { open: boolean }).open)), 20_000, 'the field dialog to close');
  }

  /** Fills the focused place by its type, by keyboard alone (a file is chosen in the system's dialog, outside the page). */
  async function fillFocused(page: Page): Promise<void> {
    const type = await page.evaluate('document.activeElement?.dataset.type');
    await page.keyboard.press('Enter');
    if (type === 'SIGNATURE') {
      await page.locator('#adopt-dialog[open]').waitFor();
      await tabTo(page, page, '#adopt-apply');
      // The dialog gives focus back to the place it opened from on its close event, a task after it closed:
      // a key pressed before that lands wherever the focus was, and the focus moves afterwards. The focus is
      // already on the place before the event (the browser gives it back on close), so the wait is for the
      // event itself; this listener runs after the page's own, which was added first.
      await page.evaluate("window.adoptClosed = false; document.getElementById('adopt-dialog').addEventListener('close', () => { window.adoptClosed = true; }, { once: true })");
      await page.keyboard.press('Enter');
      await waitFor(async () => (await page.evaluate('window.adoptClosed === true')) === true, 20_000, 'the signature dialog to give focus back');
      return;
    }
    await page.locator('#field-dialog[open]').waitFor();
    if (type === 'CHECKBOX') await page.keyboard.press('Space');
    else if (type === 'RADIO' || type === 'DROPDOWN') await page.keyboard.press('ArrowDown');
    else if (type === 'ATTACHMENT') await page.locator('#field-input').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: await samplePdf({ text: 'Passport' }) });
    else await page.keyboard.type(TYPED[type as string] as string);
    if (type === 'ATTACHMENT' || type === 'CHECKBOX') await step(page, `field-${String(type).toLowerCase()}`);
    await confirm(page);
  }

  it('fills every field type by keyboard: guides the signer through every field at its place, then the approver approves; the values arrive typed', async () => {
    const { page } = tab;
    const { api } = shared;
    const envelope = await sentWithRoles(api, KEYS.globex, { ana: { name: 'Ana Lima' }, bea: { name: 'Bea Boss', role: 'APPROVER' } }, {
      'documents[contract][base64]': (await contractPdf({ pages: 2, token: '{{ana}}' })).toString('base64'),
      'settings[signature_flow][language]': language, ...PLACEMENTS
    });
    await page.goto(`${api.url}/sign/${envelope.tokens.ana}`);
    await page.locator('#documents[data-rendered="true"]').waitFor();
    expect(await page.locator('.placement.field').count()).toBe(11);
    expect(await page.locator('.placement[data-name="full_name"]').textContent()).toContain('Ana Lima');
    await step(page, 'ready');

    await tabTo(page, page, '.placement');
    for (let filled = 0; filled < 12; filled += 1) {
      await fillFocused(page);
      await tabTo(page, page, '#next');
      if ((await page.locator('#next').textContent()) === FIELD_WORDS[language].finish) break;
      await page.keyboard.press('Enter');
    }
    expect(await page.locator('#next').textContent()).toBe(FIELD_WORDS[language].finish);
    await page.keyboard.press('Enter');
    await waitFor(async () => (await page.evaluate('document.activeElement?.id')) === 'consent', 20_000, 'consent focused');
    await page.keyboard.press('Space');
    await step(page, 'finish');
    await tabTo(page, page, '#sign');
    await page.keyboard.press('Enter');
    await page.locator('main[data-state="ALREADY_SIGNED"]').waitFor();

    await page.goto(`${api.url}/sign/${envelope.tokens.bea}`);
    await page.locator('#documents[data-rendered="true"]').waitFor();
    expect(await page.locator('#sign').textContent()).toBe(FIELD_WORDS[language].approve);
    expect(await page.locator('label.consent').textContent()).toContain(FIELD_WORDS[language].approveConsent);
    await step(page, 'approver');
    await tabTo(page, page, '#consent');
    await page.keyboard.press('Space');
    await tabTo(page, page, '#sign');
    await page.keyboard.press('Enter');
    await page.locator('main[data-state="ALREADY_SIGNED"], main[data-state="COMPLETED"]').first().waitFor();

    const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
    expect(shown.envelope_signers.map((signer: Body) => signer.status)).toEqual(['SIGNED', 'APPROVED']);
    expect(Object.fromEntries((shown.fields as Body[]).map((field) => [field.name, field.value]))).toEqual({
      initials: 'AL', company: 'Acme', amount: 42, start_date: '2026-12-01', agree: true, plan: 'Premium', country: 'Spain',
      contact: 'billing@acme.example', full_name: 'Ana Lima', signed_on: new Date().toISOString().slice(0, 10),
      id_document: expect.objectContaining({ name: 'passport.pdf', sha256: expect.any(String) })
    });
    expect(tab.problems).toEqual([]);
    expect(tab.answerProblems).toEqual([]);
  });
}
