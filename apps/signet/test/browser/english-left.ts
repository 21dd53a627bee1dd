import { CATALOGUE, type LanguageKey } from '@signet/i18n';

/**
 * The English texts of the signer page (every `page.*` and `script.*` message of the catalogue, split at
 * its placeholders), less those a language writes the same way itself ("Zoom", "PNG"): what must not
 * be seen on a page in that language.
 */
export function englishFragments(language: LanguageKey): string[] {
  const own = Object.values(CATALOGUE[language]).join('\n');
  return Object.entries(CATALOGUE.en)
    .filter(([key]) => key.startsWith('page.') || key.startsWith('script.'))
    .flatMap(([, message]) => message.split(/\{[^{}]*\}|#|\b(?:one|other|plural)\b/))
    .map((fragment) => fragment.replace(/[{}]/g, '').trim())
    .filter((fragment) => /\p{L}{3}/u.test(fragment) && !own.includes(fragment));
}

/** The fragments found, as whole words, in the texts a page shows or says. */
export function englishLeft(language: LanguageKey, shown: string): string[] {
  return englishFragments(language).filter((fragment) =>
    new RegExp(`(?<!\\p{L})${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(shown));
}
