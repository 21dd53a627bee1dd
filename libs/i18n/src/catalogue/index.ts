import type { LanguageKey } from '../languages';
import { ar } from './ar';
import { ca } from './ca';
import { de } from './de';
import { en, type CoreMessageKey } from './en';
import { es } from './es';
import { FEATURE_MESSAGES, type FeatureMessageKey } from './features';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { sv } from './sv';
import { tr } from './tr';
import { zh } from './zh';

export type MessageKey = CoreMessageKey | FeatureMessageKey;
export type Messages = Record<MessageKey, string>;

const CORE = { en, es, fr, de, it, pt, nl, pl, ca, sv, tr, ja, zh, ko, ar };

function withFeatures(language: LanguageKey): Messages {
  const messages: Record<string, string> = { ...CORE[language] };
  for (const feature of FEATURE_MESSAGES as readonly Record<LanguageKey, Record<string, string>>[]) {
    Object.assign(messages, feature[language]);
  }
  return messages as Messages;
}

/** Every language's messages: the core file of each language, then each feature's messages. */
export const CATALOGUE = Object.fromEntries(
  (Object.keys(CORE) as LanguageKey[]).map((language) => [language, withFeatures(language)])
) as Record<LanguageKey, Messages>;
