import { formatDateTime, language as languageOf, translator } from '@signet/i18n';
import type { PlacementType, Signature, StampLanguage } from './types';

/** The only words this library writes itself, from the message catalogue; everything else is the caller's (names, intro). */
export interface Words {
  placement: Record<PlacementType, string>;
  signedAt(date: Date): string;
  approved: string;
  approvedAt(date: Date): string;
  yes: string;
  no: string;
}

const WORDS = new Map<string, Words>();

export function wordsFor(code: StampLanguage): Words {
  const language = languageOf(code);
  let words = WORDS.get(language.key);
  if (!words) {
    const t = translator(language);
    words = {
      placement: { SIGNATURE: t('stamp.SIGNATURE'), APPROVAL: t('stamp.APPROVAL'), WITNESS: t('stamp.WITNESS') },
      signedAt: (date) => t('stamp.signedAt', { when: formatDateTime(language, date, { seconds: true }) }),
      approved: t('fields.stamp.approved'),
      approvedAt: (date) => t('fields.stamp.approvedAt', { when: formatDateTime(language, date, { seconds: true }) }),
      yes: t('fields.checkbox.yes'),
      no: t('fields.checkbox.no')
    };
    WORDS.set(language.key, words);
  }
  return words;
}

/**
 * UTC with seconds, zone named: `Signed 2025-03-04 10:20:30 UTC` in English and Spanish as always, each
 * other language its own way; `Approved ...` for an approval.
 */
export function signedAtText(words: Words, signedAt: Date, signature?: Signature): string {
  return signature?.type === 'APPROVED' ? words.approvedAt(signedAt) : words.signedAt(signedAt);
}
