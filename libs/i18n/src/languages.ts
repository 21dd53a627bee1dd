/**
 * The languages Signet speaks. `code` is how the API names one (signature_flow.language and
 * recipients[k][language], upper case like EN and ES always were); `key` is its key under
 * settings.localization (lower case, like en and es); `tag` the BCP 47 tag for HTML `lang` and `Intl`.
 */
export const LANGUAGES = [
  { code: 'EN', key: 'en', tag: 'en', name: 'English', direction: 'ltr' },
  { code: 'ES', key: 'es', tag: 'es', name: 'Español', direction: 'ltr' },
  { code: 'FR', key: 'fr', tag: 'fr', name: 'Français', direction: 'ltr' },
  { code: 'DE', key: 'de', tag: 'de', name: 'Deutsch', direction: 'ltr' },
  { code: 'IT', key: 'it', tag: 'it', name: 'Italiano', direction: 'ltr' },
  { code: 'PT', key: 'pt', tag: 'pt', name: 'Português', direction: 'ltr' },
  { code: 'NL', key: 'nl', tag: 'nl', name: 'Nederlands', direction: 'ltr' },
  { code: 'PL', key: 'pl', tag: 'pl', name: 'Polski', direction: 'ltr' },
  { code: 'CA', key: 'ca', tag: 'ca', name: 'Català', direction: 'ltr' },
  { code: 'SV', key: 'sv', tag: 'sv', name: 'Svenska', direction: 'ltr' },
  { code: 'TR', key: 'tr', tag: 'tr', name: 'Türkçe', direction: 'ltr' },
  { code: 'JA', key: 'ja', tag: 'ja', name: '日本語', direction: 'ltr' },
  { code: 'ZH', key: 'zh', tag: 'zh-Hans', name: '简体中文', direction: 'ltr' },
  { code: 'KO', key: 'ko', tag: 'ko', name: '한국어', direction: 'ltr' },
  { code: 'AR', key: 'ar', tag: 'ar', name: 'العربية', direction: 'rtl' }
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];
export type LanguageKey = Language['key'];

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as LanguageCode[];
export const LANGUAGE_KEYS = LANGUAGES.map((language) => language.key) as LanguageKey[];

const BY_CODE = new Map<string, Language>(LANGUAGES.map((language) => [language.code, language]));
const BY_KEY = new Map<string, Language>(LANGUAGES.map((language) => [language.key, language]));

/** The language an API code names; anything else (null, an old value) is English, the default. */
export function language(code: string | null | undefined): Language {
  return BY_CODE.get(String(code ?? '').toUpperCase()) ?? LANGUAGES[0];
}

/** The language of a settings.localization key (`fr`), or null for a key that names none. */
export function languageOfKey(key: string): Language | null {
  return BY_KEY.get(key) ?? null;
}

/** The recipient's own language when they have one, else the envelope's. */
export function recipientLanguage(envelopeCode: string | null | undefined, recipientCode: string | null | undefined): Language {
  return language(recipientCode ?? envelopeCode);
}
