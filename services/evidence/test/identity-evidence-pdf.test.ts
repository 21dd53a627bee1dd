import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatDateTime, language as languageOf, translate, type MessageKey } from '@signet/i18n';
import { pdftotext, pdftotextWords } from '@signet/testkit';
import { renderEvidencePdf, utcWithOffset } from '../src/render-evidence-pdf';
import type { TimelineEntry } from '../src/timeline-store';
import { ASSERTED_ASSURANCE, HASHES, identityRecords, LOCAL_ASSURANCE, MANUAL_ASSURANCE } from './identity-records';

/** Where the sheets and their text are left for a person to look at (gitignored). */
const ARTIFACTS = path.join(__dirname, '..', '..', '..', 'test-artifacts', 'identity-evidence');

const envelope = (language: string) => ({
  id: 'env-identity', name: 'Loan agreement', status: 'SUCCESS', created_at: '2026-01-02T03:04:05.000Z', completed_at: '2026-01-03T03:04:05.000Z',
  documents: [{ id: 'doc-1', file_name: 'loan.pdf', page_count: 2, sha256: 'b'.repeat(64), original_sha256: 'a'.repeat(64) }],
  recipients: [
    { id: 'rec-1', name: 'Ana Lima', email: 'ana@example.com', signed_at: '2026-01-03T03:04:05.000Z' },
    { id: 'rec-2', name: 'Ben Ode', email: 'ben@example.com', signed_at: '2026-01-03T03:00:00.000Z' }
  ],
  settings: {
    signature_flow: { language }, signature: { type: 'SIMPLE' }, branding: { name: 'Acme' },
    validations: { email: { enabled: 'FALSE', order: 0 }, id_check: { enabled: 'TRUE', order: 0 }, biometric: { enabled: 'TRUE', order: 1 } }
  }
});

const event = (id: string, type: string, recipient: 'rec-1' | 'rec-2', at: string): TimelineEntry => ({
  event_id: id, event_type: type, occurred_at: new Date(at), recipient_id: recipient, recipient_name: recipient === 'rec-1' ? 'Ana Lima' : 'Ben Ode',
  recipient_email: recipient === 'rec-1' ? 'ana@example.com' : 'ben@example.com', ip_address: '203.0.113.7', user_agent: 'TestAgent/1.0', details: {}
});

const timeline = [
  event('e1', 'recipient.validation_identity_consented', 'rec-1', '2026-01-03T01:00:00Z'),
  event('e2', 'recipient.validation_id_check_failed', 'rec-1', '2026-01-03T01:05:00Z'),
  event('e3', 'recipient.validation_id_check_success', 'rec-1', '2026-01-03T01:10:00Z'),
  event('e4', 'recipient.validation_biometric_success', 'rec-1', '2026-01-03T02:00:00Z'),
  event('e5', 'recipient.signed_all', 'rec-1', '2026-01-03T03:04:05Z')
];

/** The bidi controls pdftotext puts around right-to-left and embedded left-to-right runs of its plain text. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** How many times `needle` occurs in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

/**
 * The sheet, its plain text by lines (`pdftotext`, bidi controls removed) and its words in reading order
 * (`pdftotext -bbox`: a line with Arabic is one word, from its /ActualText, so it reads in logical order
 * where the plain text shows it in visual order, brackets mirrored), joined by spaces.
 */
async function sheet(languageCode: string): Promise<{ pdf: Buffer; lines: string[]; words: string[]; text: string }> {
  const pdf = await renderEvidencePdf(envelope(languageCode), timeline, new Date('2026-01-04T00:00:00Z'), null, identityRecords());
  const plain = pdftotext(pdf).replace(BIDI_CONTROLS, '');
  const words = pdftotextWords(pdf).map((word) => word.text);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, `evidence-${languageCode.toLowerCase()}.pdf`), pdf);
  writeFileSync(path.join(ARTIFACTS, `evidence-${languageCode.toLowerCase()}.txt`), plain);
  return { pdf, lines: plain.split('\n').map((line) => line.trim()), words, text: words.join(' ') };
}

/** The values of the records, as the sheet writes them whatever its language. */
const VALUES = [
  // Consent.
  'identity-consent-2026-03',
  // Ana's ID check: its document, and each attempt's reasons, sub-checks, versions and document.
  '******123', 'UTO', '2031-05-01', 'MRZ_CHECK_DIGIT, NAME_MISMATCH', 'mrz_check_digits', 'tesseract.js 7.0.0', 'mrz 4.2.1', 'ocrb.traineddata 2024-03',
  '******987', '2024-02-29', '(local)',
  // Ana's selfie check, failed and then passed by hand.
  'FACE_MISMATCH', 'face_match', 'challenge_tilt_left', '@vladmandic/human 3.3.5', 'faceres.json 2023-11', '(manual)', 'key-sender-42',
  'Met the signer in person at the Porto office',
  // Ben's asserted ID check.
  '(assertion)', 'Onfido', 'onfido-chk-7731', 'IAL2', 'key-integrator-7'
];

/** The record's times, as the sheet writes times in that language. */
const TIMES = ['2026-01-03T01:00:00Z', '2026-01-03T01:10:00Z', '2026-01-03T01:05:00Z', '2026-01-02T08:45:00Z', '2026-02-02T01:10:00Z', '2026-01-03T02:00:00Z', '2026-01-03T01:20:00Z'];

const timeIn = (code: string, at: string) => (code === 'EN' ? utcWithOffset(at) : formatDateTime(languageOf(code), new Date(at), { seconds: true }));
const label = (code: string, key: string, values?: Record<string, string | number>) => translate(languageOf(code), `identity.evidence.${key}` as MessageKey, values);

describe('the Identity checks block of the evidence sheet', () => {
  it.each(['EN', 'AR'])('shows every value of the records in %s, in its labels, with each hash whole on one line', async (code) => {
    const { pdf, lines, words: wordList, text: words } = await sheet(code);
    for (const value of VALUES) expect({ value, shown: words.includes(value) }).toEqual({ value, shown: true });
    for (const at of TIMES) expect({ at, shown: words.includes(timeIn(code, at)) }).toEqual({ at, shown: true });
    // The assurance statements as the record gives them (English, under the label of the sheet's language).
    for (const assurance of [LOCAL_ASSURANCE, MANUAL_ASSURANCE, ASSERTED_ASSURANCE]) expect(words).toContain(assurance);
    // Each SHA-256 once, whole (one word of pdftotext), alone on its line.
    for (const [name, hash] of Object.entries(HASHES)) {
      expect({ name, times: count(words, hash), word: wordList.includes(hash), ownLine: lines.includes(hash) }).toEqual({ name, times: 1, word: true, ownLine: true });
    }
    // Retention and deletion are said of checks that had images: Ana's two, not Ben's assertion.
    expect(count(words, label(code, 'retentionDays', { days: 30 }))).toBe(2);
    // The timeline lists the identity events, without the channel only codes go by.
    expect(words).toContain('recipient.validation_id_check_failed');
    expect(words).not.toContain('recipient.validation_id_check_failed (email)');
    // Labels and words of the sheet's language.
    const labels = ['heading', 'check.id_check', 'check.biometric', 'method.local', 'method.manual', 'method.assertion', 'assurance', 'kind.PASSPORT', 'country',
      'number', 'expiresOn', 'subchecks', 'versions', 'images', 'image.document', 'image.neutral', 'image.challenge', 'consentVersion', 'consentTextHash', 'manual',
      'assertion', 'assertionProvider', 'imagesPurgedAt', 'notPurged'].map((key) => label(code, key));
    const subcheck = (name: string, passed: boolean, score: string | null, threshold: string | null) => label(code, 'subcheck', {
      name, outcome: label(code, passed ? 'subcheck.passed' : 'subcheck.failed'), hasScore: score === null ? 'no' : 'yes', score: score ?? '', hasThreshold: threshold === null ? 'no' : 'yes', threshold: threshold ?? ''
    });
    labels.push(label(code, 'retentionDays', { days: 30 }), label(code, 'attemptsOf', { used: 2, max: 3 }),
      subcheck('mrz_check_digits', false, '4', '5'), subcheck('name', false, '0.41', null), subcheck('mrz_check_digits', true, '5', '5'), subcheck('expiry', true, null, null),
      subcheck('face_match', false, '0.52', '0.7'), subcheck('challenge_tilt_left', true, '14.5', '8'));
    for (const shown of labels) expect({ shown, found: words.includes(shown) }).toEqual({ shown, found: true });
    expect(words).toContain(label(code, 'attempt', { number: '1', outcome: label(code, 'status.FAILED'), when: timeIn(code, '2026-01-03T01:05:00Z') }));
    expect(words).toContain(label(code, 'attempt', { number: '2', outcome: label(code, 'status.PASSED'), when: timeIn(code, '2026-01-03T01:10:00Z') }));
    // No image: no image XObject, and nothing but the hashes of the images.
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('refuses to render an envelope with identity checks without their records', async () => {
    await expect(renderEvidencePdf(envelope('EN'), timeline, new Date('2026-01-04T00:00:00Z'), null, null)).rejects.toThrow(/identity records/);
    // Checks off in the settings, but an assertion on the timeline: the records are still needed.
    const off = envelope('EN');
    off.settings.validations.id_check.enabled = 'FALSE';
    off.settings.validations.biometric.enabled = 'FALSE';
    await expect(renderEvidencePdf(off, [event('a1', 'recipient.validation_id_check_success', 'rec-2', '2026-01-02T09:00:00Z')], new Date(), null, null)).rejects.toThrow(/identity records/);
    // Or a recipient's own settings turn a check on.
    const own = { ...off, recipients: [{ ...off.recipients[0]!, validations: { id_check: { enabled: true } } }, off.recipients[1]!] };
    await expect(renderEvidencePdf(own, [], new Date(), null, null)).rejects.toThrow(/identity records/);
    expect((await renderEvidencePdf(off, [], new Date(), null, null)).length).toBeGreaterThan(0);
  });
});
