import type { LanguageKey } from '../../languages';
import { builderMessages } from './builder';
import { consoleMessages } from './console';
import { consumerConsentMessages } from './consumer-consent';
import { expiryMessages } from './expiry';
import { fieldsMessages } from './fields';
import { identityConsentMessages } from './identity-consent';
import { identityEvidenceMessages } from './identity-evidence';
import { identityPageMessages } from './identity-page';
import { signatureLevelMessages } from './signature-levels';
import { signatureEvidenceMessages } from './signature-evidence';
import { voidReasonMessages } from './void-reason';

/**
 * Every feature's messages (one `defineFeatureMessages` file each), merged into the catalogue. A new
 * feature adds its file to this list.
 */
export const FEATURE_MESSAGES = [builderMessages, consoleMessages, consumerConsentMessages, expiryMessages, fieldsMessages, identityConsentMessages, identityEvidenceMessages, identityPageMessages, signatureEvidenceMessages, signatureLevelMessages, voidReasonMessages] as const satisfies readonly Record<LanguageKey, Record<string, string>>[];

/** One feature's keys; a type parameter, so a union of features gives the union of their keys. */
type KeysOf<Feature> = Feature extends Record<LanguageKey, infer M> ? keyof M & string : never;
/** The keys every feature adds. */
export type FeatureMessageKey = KeysOf<(typeof FEATURE_MESSAGES)[number]>;
