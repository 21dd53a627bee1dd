import { Type, type Static } from '@sinclair/typebox';
import { Settings } from '../settings';
import { Answer } from './common-responses';

/** GET /api/v1/settings: the categories asked for by `scope` (all seven without it), defaults filled in. */
export const SettingsResponse = Answer({
  settings: Type.Partial(Settings, { description: 'Every category unless `scope` names some' })
});
export type SettingsResponse = Static<typeof SettingsResponse>;

/** PUT /api/v1/settings: every category after the change. */
export const SettingsUpdatedResponse = Answer({ success: Type.Literal(true), settings: Settings });
export type SettingsUpdatedResponse = Static<typeof SettingsUpdatedResponse>;
