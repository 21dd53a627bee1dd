import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGE_CODES } from '@signet/i18n';
import { LiteralUnion } from './schema-helpers';

/** GET /api/v1/settings/preview/*: the language to show a key's settings in. */
export const SettingsPreviewQuery = Type.Object({
  language: Type.Optional(LiteralUnion(LANGUAGE_CODES, {
    description: 'One of the languages of `signature_flow.language` (EN, ES, FR, ... AR); without it, the key\'s own `signature_flow.language`'
  }))
});
export type SettingsPreviewQuery = Static<typeof SettingsPreviewQuery>;
