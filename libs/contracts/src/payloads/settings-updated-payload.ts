import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from '../schema-helpers';
import { Settings } from '../settings';

/** `data` of settings.updated: an API key's new stored settings, in full, so consumers need not ask for them. */
export const SettingsUpdatedPayload = Type.Object(
  {
    api_key_id: Type.String(),
    tenant_id: Type.String(),
    settings: Settings,
    updated_at: DateTime()
  },
  { additionalProperties: true }
);

export type SettingsUpdatedPayload = Static<typeof SettingsUpdatedPayload>;
