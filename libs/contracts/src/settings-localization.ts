import { defaultLocalization, type DefaultLocalization, type Language } from '@signet/i18n';
import type { Settings } from './settings';

/**
 * A language's entry of settings.localization: the one stored when the key or envelope customised it
 * (and always for en and es), else that language's defaults from the catalogue.
 */
export function localizationFor(localization: Settings['localization'], language: Language): DefaultLocalization {
  const stored = (localization as Record<string, DefaultLocalization | undefined>)[language.key];
  return stored ?? defaultLocalization(language);
}
