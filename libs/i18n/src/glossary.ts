import type { LanguageKey } from './languages';

export type GlossaryTerm = 'sign' | 'signature' | 'consent' | 'reject' | 'envelope';

/**
 * The legal terms, one rendering per language, so a signer reads the same word for the same act
 * everywhere (page, emails, stamps, evidence). Each is a pattern: the stem that every inflected form
 * of the chosen word shares. `en` says which English messages use the term; the catalogue test then
 * requires every translation of those messages to use that language's word.
 */
export const GLOSSARY: Record<GlossaryTerm, Record<LanguageKey, RegExp>> = {
  sign: {
    en: /\bsign(s|ed|ing)?\b(?!\s+(in|out)\b)/i, es: /firm/i, fr: /sign/i, de: /unterschr|unterzeichn|signier/i, it: /firm/i, pt: /assin/i,
    nl: /onderteken/i, pl: /podpis/i, ca: /sign/i, sv: /signer/i, tr: /[iİ]mza/i, ja: /署名/, zh: /签署|签名/, ko: /서명/, ar: /وق[ّ]?ع|توقيع/
  },
  signature: {
    en: /signature/i, es: /firma/i, fr: /signature/i, de: /unterschrift|signatur/i, it: /firm[ae]/i, pt: /assinatura/i,
    nl: /handtekening/i, pl: /podpis/i, ca: /signatur[ae]/i, sv: /signatur/i, tr: /[iİ]mza/i, ja: /署名/, zh: /签名/, ko: /서명/, ar: /توقيع/
  },
  consent: {
    en: /\bagree\b|consent/i, es: /acepto|consentimiento/i, fr: /accepte|consentement/i, de: /stimme.*zu|zustimmung/i, it: /acconsento|consenso/i,
    pt: /concordo|consentimento/i, nl: /akkoord|toestemming/i, pl: /zgod/i, ca: /accepto|consentiment/i, sv: /samtycker|samtycke/i,
    tr: /onaylıyorum|onay/i, ja: /同意/, zh: /同意/, ko: /동의/, ar: /أوافق|موافقة/
  },
  reject: {
    en: /reject/i, es: /rechaz/i, fr: /refus/i, de: /ablehn|abgelehnt/i, it: /rifiut/i, pt: /recus/i, nl: /weiger/i,
    pl: /odrzu/i, ca: /rebutj/i, sv: /avvis/i, tr: /redd/i, ja: /拒否/, zh: /拒绝/, ko: /거부/, ar: /رفض|رُفض/
  },
  envelope: {
    en: /envelope/i, es: /sobre/i, fr: /enveloppe/i, de: /umschl[aä]g/i, it: /bust[ae]/i, pt: /envelope/i, nl: /envelop/i,
    pl: /kopert/i, ca: /sobre/i, sv: /kuvert/i, tr: /zarf/i, ja: /封筒/, zh: /信封/, ko: /봉투/, ar: /المغلف|مغلف/
  }
};
