import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGE_CODES } from '@signet/i18n';
import { BUILDER_ACTIONS } from '../builder-session-requests';
import { PLACEMENT_TYPES, RECIPIENT_ROLES } from '../fields/field-types';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { Answer } from './common-responses';

const SESSION_FIELDS = {
  id: Type.String(),
  url: Type.String({ description: 'The editor page: frame it with `#token=<token>&origin=<your page\'s origin>` (the `<signet-builder>` element does)' }),
  expires_at: DateTime({ description: 'When the token stops working' }),
  template_id: Nullable(Type.String(), { description: 'The template the session edits; with `new_template`, null until the editor has created it' }),
  envelope_id: Nullable(Type.String(), { description: 'The envelope the session edits, or null' }),
  new_template: Type.Boolean({ description: 'Whether the session was made to create a template' }),
  actions: Type.Array(LiteralUnion(BUILDER_ACTIONS)),
  origins: Type.Array(Type.String()),
  roles: Type.Array(LiteralUnion(RECIPIENT_ROLES)),
  field_types: Type.Array(LiteralUnion(PLACEMENT_TYPES)),
  language: LiteralUnion(LANGUAGE_CODES)
};

/** A builder session as it is read back: never its token. */
export const BuilderSessionView = Type.Object(SESSION_FIELDS);
export type BuilderSessionView = Static<typeof BuilderSessionView>;

/** A builder session as it is created: the only time its token is shown. */
export const NewBuilderSession = Type.Object({
  ...SESSION_FIELDS,
  token: Type.String({ description: 'The session\'s credential, `Authorization: Bearer <token>`: give it to the editor, never put it in a URL\'s query' })
});
export type NewBuilderSession = Static<typeof NewBuilderSession>;

export const BuilderSessionCreatedResponse = Answer({ builder_session: NewBuilderSession });
export type BuilderSessionCreatedResponse = Static<typeof BuilderSessionCreatedResponse>;

export const BuilderSessionResponse = Answer({ builder_session: BuilderSessionView });
export type BuilderSessionResponse = Static<typeof BuilderSessionResponse>;
