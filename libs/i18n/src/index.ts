export { CATALOGUE, type MessageKey, type Messages } from './catalogue';
export { GLOSSARY, type GlossaryTerm } from './glossary';
export { formatDateTime, pluralTemplates, translate, translator, type MessageValues, type Translator } from './format';
export { defaultLocalization, type DefaultLocalization } from './default-localization';
export {
  LANGUAGES,
  LANGUAGE_CODES,
  LANGUAGE_KEYS,
  language,
  languageOfKey,
  recipientLanguage,
  type Language,
  type LanguageCode,
  type LanguageKey
} from './languages';
