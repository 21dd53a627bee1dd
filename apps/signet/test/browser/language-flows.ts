import { PDFDocument } from 'pdf-lib';
import { LANGUAGES, type Language } from '@signet/i18n';
import { subsettingFontkit, textFaces } from '@signet/signed-pdf';
import { contractPdf, waitFor } from '@signet/testkit';
import { englishLeft, shownTexts } from './english-left';
import { stepRecorder, watchProblems } from './page-checks';
import { SIZES, type SignerPages } from './signer-pages';
import { KEYS, type TestSignet } from '../harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A signer whose name is written in the language's script, so the page shows it as they would. */
const NAMES: Partial<Record<Language['code'], string>> = { AR: 'محمد عبد الله', JA: '山田 太郎', ZH: '王小明', KO: '김민준', PL: 'Łucja Żółć', TR: 'Ayşe Yılmaz' };

/**
 * One envelope with a recipient per language (keyed by the language's key, reading in it), sent: its id
 * and each recipient's signing token by key. `form` holds the rest of the envelope.
 */
export async function sentInEveryLanguage(api: TestSignet, form: Record<string, string>, recipient: (language: Language) => { email: string; name: string }): Promise<{ id: string; tokens: Map<string, string> }> {
  const fields: Record<string, string> = { ...form };
  for (const language of LANGUAGES) {
    const { email, name } = recipient(language);
    fields[`recipients[${language.key}][email]`] = email;
    fields[`recipients[${language.key}][name]`] = name;
    fields[`recipients[${language.key}][language]`] = language.code;
  }
  const created = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: fields });
  expect(created.status).toBe(200);
  const id = (created.body.envelope as Body).id as string;
  expect((await api.call('POST', `/api/v1/envelopes/${id}/send_invitation`, { key: KEYS.globex })).status).toBe(200);
  const links = await waitFor(() => {
    const found = api.events.filter((event) => event.key === id && event.event.event_type === 'recipient.link_generated');
    return found.length === LANGUAGES.length && found;
  }, 30_000, 'a signing link per recipient');
  return { id, tokens: new Map(links.map((link) => [(link.event.data as Body).custom_key as string, String((link.event.data as Body).signing_url).split('/sign/')[1] as string])) };
}

/** The signer page in every language at phone size, and its text layer, in the Signet and Chromium the file shares. */
export function languageFlows(shared: SignerPages): void {
  it('signs in each of the 15 languages, one envelope with a recipient per language: mirrored in Arabic, no English left, nothing serious for axe', async () => {
    const { api, browser } = shared;
    const form: Record<string, string> = {
      name: 'Contract',
      'documents[contract][base64]': (await contractPdf({ pages: 1 })).toString('base64'),
      'documents[contract][name]': 'contract.pdf',
      'settings[signature_flow][signature_types]': 'WRITTEN'
    };
    const { id, tokens } = await sentInEveryLanguage(api, form, (language) => ({ email: `${language.key}@example.com`, name: NAMES[language.code] ?? `Signer ${language.name}` }));

    const page = await browser.context.newPage();
    await page.setViewportSize(SIZES.phone);
    page.setDefaultTimeout(60_000);
    const problems: string[] = [];
    watchProblems(page, problems);
    const step = stepRecorder('languages');
    const findings: Array<{ language: string; english: string[]; lang: string | null; dir: string | null }> = [];

    for (const language of LANGUAGES) {
      await page.goto(`${api.url}/sign/${tokens.get(language.key)}`);
      await page.locator('#documents[data-rendered="true"]').waitFor();
      const html = page.locator('html');
      findings.push({ language: language.code, english: language.key === 'en' ? [] : englishLeft(language.key, await shownTexts(page)),
        lang: await html.getAttribute('lang'), dir: (await html.getAttribute('dir')) ?? 'ltr' });
      await step(page, `${language.key}-ready`);
      await page.locator('#consent').check();
      await page.locator('#sign').click();
      await page.locator('main[data-state="ALREADY_SIGNED"]').waitFor();
      if (language.key !== 'en') findings.push({ language: `${language.code} signed`, english: englishLeft(language.key, await shownTexts(page)), lang: await html.getAttribute('lang'), dir: (await html.getAttribute('dir')) ?? 'ltr' });
      await step(page, `${language.key}-signed`);
    }
    await page.close();

    expect(findings.filter((finding) => finding.english.length > 0)).toEqual([]);
    expect(findings.filter((finding) => !finding.language.endsWith('signed')).map(({ language, lang, dir }) => `${language} ${lang} ${dir}`))
      .toEqual(LANGUAGES.map((language) => `${language.code} ${language.tag} ${language.direction}`));
    expect(problems).toEqual([]);
    const signers = ((await api.call('GET', `/api/v1/envelopes/${id}`, { key: KEYS.globex })).body.envelope as Body).envelope_signers as Body[];
    expect(signers.map((signer) => signer.status)).toEqual(LANGUAGES.map(() => 'SIGNED'));
  }, 240_000);

  it('puts the contract\'s text in the accessibility tree (pdf.js text layer), for a document in Latin script and one in Japanese', async () => {
    const { api, browser } = shared;
    const created = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: {
        'documents[contract][base64]': (await contractPdf({ pages: 1 })).toString('base64'), 'documents[contract][name]': 'contract.pdf',
        'documents[keiyaku][base64]': Buffer.from(await japanesePdf()).toString('base64'), 'documents[keiyaku][name]': 'keiyaku.pdf',
        'recipients[0][email]': 'reader@example.com', 'recipients[0][name]': 'Reader', 'recipients[0][language]': 'JA'
      }
    });
    expect(created.status).toBe(200);
    const id = (created.body.envelope as Body).id as string;
    expect((await api.call('POST', `/api/v1/envelopes/${id}/send_invitation`, { key: KEYS.globex })).status).toBe(200);
    const link = await waitFor(() => api.events.find((event) => event.key === id && event.event.event_type === 'recipient.link_generated'), 30_000, 'the link');
    const page = await browser.context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(String((link.event.data as Body).signing_url));
    await page.locator('#documents[data-rendered="true"]').waitFor();
    const tree = await page.locator('#documents').ariaSnapshot();
    expect(tree).toContain('The parties agree that the services described in this agreement');
    expect(tree).toContain(JAPANESE_CLAUSE);
    // Selectable too: the words are real text in the page, over the drawn canvas.
    expect(await page.locator('.textLayer').first().innerText()).toContain('Services Agreement');
    await page.close();
  }, 120_000);
}

const JAPANESE_CLAUSE = '本契約は、甲が乙に委託する業務の内容を定めるものとする。';

/** A one-page contract in Japanese, its text in Noto Sans SC (the face Signet stamps Japanese with). */
async function japanesePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(subsettingFontkit);
  const face = textFaces().find((candidate) => candidate.covers('契'.codePointAt(0)!))!;
  const font = await pdf.embedFont(face.bytes, { subset: true });
  const page = pdf.addPage([595, 842]);
  page.drawText('業務委託契約書', { x: 72, y: 760, size: 18, font });
  page.drawText(`第1条 ${JAPANESE_CLAUSE}`, { x: 72, y: 720, size: 11, font });
  return pdf.save();
}
