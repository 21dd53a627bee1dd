import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { closePdfWorkers, findTextTokens } from '@signet/pdf';
import { inkComponents, pdftotext, pdftotextWords, renderRegion } from '@signet/testkit';
import { renderEvidencePdf } from '../src/render-evidence-pdf';

/** Where the renderings are left for a person to look at (gitignored). */
const ARTIFACTS = path.join(__dirname, '..', '..', '..', 'test-artifacts', 'scripts');

/** Joined and right to left, three pieces of ink: محمد, the alef, لحمد (see the stamps' test). */
const ARABIC = 'محمد الحمد';
const JAPANESE = '山田 太郎';
const KOREAN = '김민준';

const recipient = (id: string, name: string) => ({ id, name, email: `${id}@example.com`, signed_at: '2026-01-03T03:04:05.000Z' });

const envelope = (language: string) => ({
  id: 'env-1', name: 'عقد خدمات', status: 'SUCCESS', created_at: '2026-01-02T03:04:05.000Z', completed_at: '2026-01-03T03:04:05.000Z',
  documents: [{ id: 'doc-1', file_name: 'contract.pdf', page_count: 1, sha256: 'b'.repeat(64), original_sha256: 'a'.repeat(64) }],
  recipients: [recipient('ar', ARABIC), recipient('ja', JAPANESE), recipient('ko', KOREAN)],
  settings: { signature_flow: { language }, signature: { type: 'SIMPLE' }, branding: { name: 'Acme' }, documents: { custom_page_id: 'Signet Sign ID:' } }
});

describe('the evidence sheet in Arabic, with Arabic, Japanese and Korean names', () => {
  let pdf: Buffer;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    pdf = await renderEvidencePdf(envelope('AR'), [], new Date('2026-01-04T00:00:00Z'), null);
  });

  it('is text pdftotext returns: the names, and the sheet\'s own words in Arabic with dates written in Arabic', () => {
    const words = pdftotextWords(pdf).map((word) => word.text);
    expect(words).toContain(ARABIC);
    expect(words).toContain('ورقة الأدلة');
    expect(words).toContain('تاريخ التوقيع: 3 يناير 2026 في 03:04:05 UTC');
    const text = pdftotext(pdf);
    expect(text).toContain(JAPANESE);
    expect(text).toContain(KOREAN);
  });

  afterAll(closePdfWorkers);

  it('draws the Arabic name joined, right to left and at the right margin, and the Japanese and Korean ones with their glyphs', async () => {
    // Each name is the line just above its recipient's email (found by pdf.js, in Latin letters).
    const emails = await findTextTokens(pdf, ['ar@example.com', 'ja@example.com', 'ko@example.com']);
    const line = (name: string) => {
      const email = emails[`${name === ARABIC ? 'ar' : name === JAPANESE ? 'ja' : 'ko'}@example.com`]![0]!;
      return { left: 0, top: email.top - 13, width: 595, height: 12 };
    };
    expect(emails['ar@example.com']![0]!.page).toBe(0);
    const arabic = inkComponents(renderRegion(pdf, 0, line(ARABIC), { png: path.join(ARTIFACTS, 'evidence-arabic.png') })).filter((piece) => piece.pixels > 20);
    expect(arabic).toHaveLength(3);
    const [surname, alef, given] = arabic as [typeof arabic[0], typeof arabic[0], typeof arabic[0]];
    expect(alef.left - surname.right).toBeLessThan(given.left - alef.right);
    // Right-aligned at the margin (50 pt of 595, at 300 dpi).
    expect(given.right).toBeGreaterThan(((595 - 60) / 72) * 300);
    for (const name of [JAPANESE, KOREAN]) {
      const pieces = inkComponents(renderRegion(pdf, 0, line(name), { png: path.join(ARTIFACTS, `evidence-${name === JAPANESE ? 'japanese' : 'korean'}.png`) }));
      expect(pieces.length).toBeGreaterThan([...name.replace(' ', '')].length);
    }
  });
});
