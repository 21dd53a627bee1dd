import type { LanguageKey } from '../../languages';

/**
 * A feature's messages in every language, kept in one file of its own beside the core catalogue so
 * features can add messages without touching the fifteen language files. English is the reference:
 * every other language has the same keys (the catalogue test checks placeholders and wording rules).
 */
export function defineFeatureMessages<const English extends Record<string, string>>(
  messages: { en: English } & Record<Exclude<LanguageKey, 'en'>, Record<keyof English, string>>
): Record<LanguageKey, Record<keyof English, string>> {
  return messages;
}
