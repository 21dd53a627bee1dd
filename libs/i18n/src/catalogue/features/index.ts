import type { LanguageKey } from '../../languages';
import { fieldsMessages } from './fields';

/**
 * Every feature's messages (one `defineFeatureMessages` file each), merged into the catalogue. A new
 * feature adds its file to this list.
 */
export const FEATURE_MESSAGES = [fieldsMessages] as const satisfies readonly Record<LanguageKey, Record<string, string>>[];

type Feature = (typeof FEATURE_MESSAGES)[number];
/** The keys every feature adds (none until a feature registers here). */
export type FeatureMessageKey = Feature extends Record<LanguageKey, infer M> ? keyof M & string : never;
