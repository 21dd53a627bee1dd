import { formatDateTime, language as languageOf, translator } from '@signet/i18n';
import type { PlacementType, StampLanguage } from './types';

/** The only words this library writes itself, from the message catalogue; everything else is the caller's (names, intro). */
export interface Words {
  placement: Record<PlacementType, string>;
  signedAt(date: Date): string;
}

const WORDS = new Map<string, Words>();

export function wordsFor(code: StampLanguage): Words {
  const language = languageOf(code);
  let words = WORDS.get(language.key);
  if (!words) {
    const t = translator(language);
    words = {
      placement: { SIGNATURE: t('stamp.SIGNATURE'), APPROVAL: t('stamp.APPROVAL'), WITNESS: t('stamp.WITNESS') },
      signedAt: (date) => t('stamp.signedAt', { when: formatDateTime(language, date, { seconds: true }) })
    };
    WORDS.set(language.key, words);
  }
  return words;
}

/** UTC with seconds, zone named: `Signed 2025-03-04 10:20:30 UTC` in English and Spanish as always, each other language its own way. */
export function signedAtText(words: Words, signedAt: Date): string {
  return words.signedAt(signedAt);
}
