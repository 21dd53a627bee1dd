import type { PlacementType, StampLanguage } from './types';

/** The only words this library writes itself; everything else is the caller's (names, intro). */
export interface Words {
  placement: Record<PlacementType, string>;
  signed: string;
}

const WORDS: Record<StampLanguage, Words> = {
  EN: { placement: { SIGNATURE: 'Signature', APPROVAL: 'Approval', WITNESS: 'Witness' }, signed: 'Signed' },
  ES: { placement: { SIGNATURE: 'Firma', APPROVAL: 'Aprobación', WITNESS: 'Testigo' }, signed: 'Firmado' }
};

export function wordsFor(language: StampLanguage): Words {
  return WORDS[language];
}

/** UTC with seconds, the same in every language, so it reads the same as the evidence sheet and the API. */
export function signedAtText(words: Words, signedAt: Date): string {
  const iso = signedAt.toISOString();
  return `${words.signed} ${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
