import type { Page } from 'playwright-core';
import { contractPdf, samplePdf } from '@signet/testkit';
import { stepRecorder } from './page-checks';
import type { CasePage, SignerPages } from './signer-pages';
import { at, sentWithRoles } from '../fields/flows';
import { KEYS } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EMAIL_40 = 'billing.mx166xdh.accounts@quokka-test.io';
const TEXT_80 = 'The tenant keeps the garden tidy, waters the plants each week and mows the lawn.';
const CODE_60 = 'REF-2026-'.padEnd(60, 'X');

const PLACEMENTS = {
  'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}',
  ...at(1, 'ana', 'EMAIL', 130, 0, { name: 'billing_email' }),
  ...at(2, 'ana', 'TEXT', 170, 0, { name: 'garden', width: '150', height: '20' }),
  ...at(3, 'ana', 'TEXT', 210, 0, { name: 'reference', width: '60', height: '16' }),
  ...at(4, 'ana', 'ATTACHMENT', 250, 0, { name: 'scan', width: '60', height: '16', required: 'FALSE' })
};

/** A field's place as the page shows it: its lines, and its text size in the page's points. */
async function shownAt(page: Page, name: string): Promise<{ lines: string[]; size: number; inside: boolean }> {
  return page.locator(`.placement[data-name="${name}"] .field-value`).evaluate((node: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const frame = node.closest('.page');
    const pointsWide = Number(frame.style.getPropertyValue('--page-points'));
    const pixelsPerPoint = frame.getBoundingClientRect().width / pointsWide;
    const lines = node.innerText.split('\n');
    // Drawn with the document's own fonts, the lines take the width they take on the document: inside the box.
    const inside = node.getBoundingClientRect().width <= node.closest('.placement').getBoundingClientRect().width + 1;
    return { lines, inside, size: parseFloat((globalThis as any).getComputedStyle(node).fontSize) / pixelsPerPoint }; // eslint-disable-line @typescript-eslint/no-explicit-any
  });
}

async function fill(page: Page, name: string, value: string): Promise<void> {
  await page.locator(`.placement[data-name="${name}"]`).click();
  await page.locator('#field-dialog[open]').waitFor();
  await page.locator('#field-input').fill(value);
  await page.locator('#field-ok').click();
}

/** The signer page shows each value as the signed PDF will draw it, and refuses in its dialog what the PDF could not show whole. */
export function fieldFitFlow(shared: SignerPages, tab: CasePage): void {
  const step = stepRecorder('field-fit');

  it('shows each value at the size and on the lines the signed PDF will use, and keeps a value too long for its box in its dialog', async () => {
    const { page } = tab;
    const { api } = shared;
    const envelope = await sentWithRoles(api, KEYS.globex, { ana: { name: 'Ana Lima' } }, {
      'documents[contract][base64]': (await contractPdf({ pages: 1, token: '{{ana}}' })).toString('base64'), ...PLACEMENTS
    });
    const token = envelope.tokens.ana as string;
    await page.goto(`${api.url}/sign/${token}`);
    await page.locator('#documents[data-rendered="true"]').waitFor();

    const preview = (await api.call('POST', `/signing/v1/${token}/fields/preview`, { key: null, json: { fields: { billing_email: EMAIL_40, garden: TEXT_80 } } })).body as Body;
    for (const [name, value] of [['billing_email', EMAIL_40], ['garden', TEXT_80]] as const) {
      await fill(page, name, value);
      await page.locator(`.placement[data-name="${name}"] .field-value`).waitFor();
      const shown = await shownAt(page, name);
      expect(shown.lines).toEqual(preview.fields[name].lines);
      expect(shown.inside).toBe(true);
      expect(Math.abs(shown.size - preview.fields[name].size)).toBeLessThan(0.1);
    }
    expect((await shownAt(page, 'garden')).lines).toHaveLength(2);
    await step(page, 'values');

    await fill(page, 'reference', CODE_60);
    await page.locator('#field-problem:not([hidden])').waitFor();
    expect(await page.locator('#field-problem').textContent()).toBe('Too long to show whole in its box on the document: please shorten it.');
    expect(await page.locator('#field-input').getAttribute('aria-invalid')).toBe('true');
    await step(page, 'too-long');
    await page.locator('#field-input').fill('REF-7');
    await page.locator('#field-ok').click();
    await page.locator('.placement[data-name="reference"] .field-value').waitFor();
    expect((await shownAt(page, 'reference')).lines).toEqual(['REF-7']);

    // A file's name is what the document shows for it: uploaded when the dialog is confirmed, then previewed.
    const scan = await samplePdf({ text: 'Scan' });
    await page.locator('.placement[data-name="scan"]').click();
    await page.locator('#field-dialog[open]').waitFor();
    await page.locator('#field-input').setInputFiles({ name: `${'scanned-identity-document-'.repeat(3)}front.pdf`, mimeType: 'application/pdf', buffer: scan });
    await page.locator('#field-ok').click();
    await page.locator('#field-problem:not([hidden])').waitFor();
    await page.locator('#field-input').setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: scan });
    await page.locator('#field-ok').click();
    await page.locator('.placement[data-name="scan"] .field-value').waitFor();
    expect((await shownAt(page, 'scan')).lines).toEqual(['id.pdf']);
    expect(tab.problems.filter((problem) => !problem.includes('422'))).toEqual([]);
  });
}
