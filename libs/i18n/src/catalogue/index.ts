import type { LanguageKey } from '../languages';
import { ar } from './ar';
import { ca } from './ca';
import { de } from './de';
import { en, type Messages } from './en';
import { es } from './es';
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

export type { MessageKey, Messages } from './en';

/** Every language's messages, one file each. */
export const CATALOGUE: Record<LanguageKey, Messages> = { en, es, fr, de, it, pt, nl, pl, ca, sv, tr, ja, zh, ko, ar };
