import { Type, type Static } from '@sinclair/typebox';
import { API_KEY_SCOPES } from '../api-key-requests';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { Answer } from './common-responses';

const KEY_FIELDS = {
  id: Type.String(),
  name: Type.String(),
  plan: Type.String({ description: 'starter, professional or enterprise: the envelope-creation limits the key grants' }),
  scopes: Type.Array(LiteralUnion(API_KEY_SCOPES), { description: '`admin`: the key may manage the tenant\'s keys' }),
  key_prefix: Type.String({ description: 'The first characters of the current secret, to recognise it by: never enough to use it' }),
  created_at: DateTime(),
  last_used_at: Nullable(DateTime(), { description: 'When the key last authenticated a request, within a minute; null if never' }),
  revoked_at: Nullable(DateTime(), { description: 'When the key was revoked; null while it works' }),
  previous_key_expires_at: Nullable(DateTime(), { description: 'After a rotation, until when the previous secret still works; null when it no longer does' })
};

/** An API key as lists show it: never its secret, nor a hash of it. */
export const ApiKeyView = Type.Object(KEY_FIELDS);
export type ApiKeyView = Static<typeof ApiKeyView>;

/** An API key as it is created or rotated: the only time its secret is shown. */
export const ApiKeyWithSecret = Type.Object({
  ...KEY_FIELDS,
  key: Type.String({ description: 'The secret, sent as `Authorization: <key>`. Shown only in this answer: store it now' })
});
export type ApiKeyWithSecret = Static<typeof ApiKeyWithSecret>;

export const ApiKeyIssuedResponse = Answer({ api_key: ApiKeyWithSecret });
export type ApiKeyIssuedResponse = Static<typeof ApiKeyIssuedResponse>;

export const ApiKeyResponse = Answer({ api_key: ApiKeyView });
export type ApiKeyResponse = Static<typeof ApiKeyResponse>;

export const ApiKeyListResponse = Answer({ api_keys: Type.Array(ApiKeyView) });
export type ApiKeyListResponse = Static<typeof ApiKeyListResponse>;
