import { createHash } from 'node:crypto';
import { CONSUMER_DISCLOSURE_VERSION, type Settings } from '@signet/contracts';
import { CATALOGUE, LANGUAGES } from '@signet/i18n';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import { disclosureFor } from './disclosure';

/**
 * The SHA-256 of every disclosure text, in every language, as of each version. A change to any of them
 * fails here until CONSUMER_DISCLOSURE_VERSION is moved on and its hash added: a consent records the
 * version it was given to, so one version must always mean one text.
 */
const DISCLOSURE_HASHES: Record<string, string> = {
  '2026-11-29': 'a90c722c60aa797afc02cba44986d0948ce9bba36d727f6b136390c367d0597d'
};

const DEFAULTS = sampleSettings();
const settingsWith = (branding: Partial<Settings['branding']>): Settings => ({ ...DEFAULTS, branding: { ...DEFAULTS.branding, ...branding } });

describe('the consumer disclosure', () => {
  it('names in every language the paper copies, withdrawing, contact details and what is needed, with the sender and their address', () => {
    const english = disclosureFor(settingsWith({ name: 'Globex Legal', reply_to: 'legal@globex.example' }), 'EN');
    for (const language of LANGUAGES) {
      const disclosure = disclosureFor(settingsWith({ name: 'Globex Legal', reply_to: 'legal@globex.example' }), language.code);
      expect(disclosure.language.code).toBe(language.code);
      expect(disclosure.version).toBe(CONSUMER_DISCLOSURE_VERSION);
      // An opening, then paper copies, withdrawing, contact details and what is needed, each under its heading.
      expect(disclosure.sections.map((section) => section.heading === null)).toEqual([true, false, false, false, false]);
      const text = disclosure.sections.flatMap((section) => section.paragraphs).join(' ');
      expect({ language: language.code, sender: text.includes('Globex Legal'), replyTo: text.includes('legal@globex.example') }).toEqual({ language: language.code, sender: true, replyTo: true });
      expect(text).toMatch(/Chrome/);
      if (language.code !== 'EN') expect({ language: language.code, translated: disclosure.title !== english.title && disclosure.agree !== english.agree }).toEqual({ language: language.code, translated: true });
    }
  });

  it('falls back to the sender name without a branding name, and leaves the address out without a reply-to', () => {
    const plain = disclosureFor({ ...settingsWith({ name: null, reply_to: null }), signature_flow: { ...DEFAULTS.signature_flow, sender_name: 'Initech' } }, null);
    const paper = plain.sections[1]?.paragraphs ?? [];
    expect(plain.sender).toBe('Initech');
    expect(paper).toHaveLength(1);
    expect(paper[0]).toContain('Initech');
  });

  it('is in the recipient\'s language, else the envelope\'s', () => {
    const french = { ...DEFAULTS, signature_flow: { ...DEFAULTS.signature_flow, language: 'FR' as const } };
    expect(disclosureFor(french, null).language.code).toBe('FR');
    expect(disclosureFor(french, 'JA').language.code).toBe('JA');
  });

  it('keeps one text per version: the texts\' hash is the one recorded for CONSUMER_DISCLOSURE_VERSION', () => {
    const texts = LANGUAGES.map((language) => Object.entries(CATALOGUE[language.key]).filter(([key]) => key.startsWith('consumerConsent.disclosure.')).sort());
    expect(texts.every((entries) => entries.length === 13)).toBe(true);
    const hash = createHash('sha256').update(JSON.stringify(texts)).digest('hex');
    expect({ version: CONSUMER_DISCLOSURE_VERSION, hash }).toEqual({ version: CONSUMER_DISCLOSURE_VERSION, hash: DISCLOSURE_HASHES[CONSUMER_DISCLOSURE_VERSION] });
  });
});
