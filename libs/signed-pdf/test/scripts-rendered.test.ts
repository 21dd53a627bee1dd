import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { inkComponents, pdftotext, pdftotextWords, renderRegion } from '@signet/testkit';
import { stampSignedPdf } from '../src';
import { twoPagePdf, writtenBy } from './fixtures';

/** Where the renderings are left for a person to look at (gitignored). */
const ARTIFACTS = path.join(__dirname, '..', '..', '..', 'test-artifacts', 'scripts');

/**
 * Names drawn as WRITTEN signatures, alone in their boxes. "محمد الحمد" joined and right to left is
 * three pieces of ink (محمد, the alef, لحمد); drawn letter by letter, or joined in the wrong order, the
 * joining strokes would not meet and it would be many more.
 */
const ARABIC = 'محمد الحمد';
const JAPANESE = '山田 太郎';
const KOREAN = '김민준';

describe('names in Arabic, Japanese and Korean on a stamped PDF', () => {
  let stamped: Uint8Array;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stamped = await stampSignedPdf({
      pdf: await twoPagePdf(),
      documentId: 'doc-1',
      language: 'AR',
      placements: [
        { type: 'SIGNATURE', page: 0, left: 60, top: 100, recipient: writtenBy(ARABIC, 'm@example.com') },
        { type: 'SIGNATURE', page: 0, left: 60, top: 250, recipient: writtenBy(JAPANESE, 'y@example.com') },
        { type: 'SIGNATURE', page: 0, left: 60, top: 400, recipient: writtenBy(KOREAN, 'k@example.com') }
      ]
    });
  });

  it('are text pdftotext returns, captioned in Arabic', () => {
    // A line with Arabic carries its reading-order text as /ActualText (its shaped glyphs are drawn in
    // visual order and share forms between letters); pdftotext's word list reports it as it is.
    const words = pdftotextWords(stamped).map((word) => word.text);
    expect(words).toContain(ARABIC);
    expect(words).toContain(`توقيع · ${ARABIC}`);
    const text = pdftotext(stamped);
    for (const name of [JAPANESE, KOREAN]) expect(text).toContain(name);
  });

  it('are drawn shaped: the Arabic name joined, right to left; the Japanese and Korean with their glyphs', () => {
    // The box above its rule.
    const box = (top: number) => ({ left: 60, top, width: 150, height: 48 });
    const arabic = inkComponents(renderRegion(stamped, 0, box(100), { png: path.join(ARTIFACTS, 'stamp-arabic.png') })).filter((piece) => piece.pixels > 30);
    expect(arabic).toHaveLength(3);
    // Left to right on the page: لحمد, its alef right beside it, a space, then محمد (read first, drawn rightmost).
    const [surname, alef, given] = arabic as [typeof arabic[0], typeof arabic[0], typeof arabic[0]];
    expect(alef.left - surname.right).toBeLessThan(given.left - alef.right);
    expect(alef.right - alef.left).toBeLessThan((surname.right - surname.left) / 3);
    const japanese = inkComponents(renderRegion(stamped, 0, box(250), { png: path.join(ARTIFACTS, 'stamp-japanese.png') }));
    const korean = inkComponents(renderRegion(stamped, 0, box(400), { png: path.join(ARTIFACTS, 'stamp-korean.png') }));
    // 山 田 太 郎 and 김 민 준 have several strokes each: more pieces than characters, never an empty box per character.
    expect(japanese.length).toBeGreaterThan(4);
    expect(korean.length).toBeGreaterThan(3);
  });
});
