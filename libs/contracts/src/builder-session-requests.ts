import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGE_CODES } from '@signet/i18n';
import { PLACEMENT_TYPES, RECIPIENT_ROLES } from './fields/field-types';
import { LiteralUnion } from './schema-helpers';

/*
 * Builder sessions: a short-lived token an integrator's page hands Signet's embedded editor, good for
 * one template or one draft envelope. The gateway owns them (they are a credential, not a document).
 */

/** What a session may do besides reading: `edit` (save) its target, `send` its envelope. */
export const BUILDER_ACTIONS = ['edit', 'send'] as const;
export type BuilderAction = (typeof BUILDER_ACTIONS)[number];

export const BUILDER_LIFETIME_MINUTES = { min: 1, max: 60, default: 15 } as const;
export const MAX_BUILDER_ORIGINS = 10;

/** `scheme://host[:port]` in lower case, no path; plain http only for this machine (development). */
export const BUILDER_ORIGIN_PATTERN = '^(https://[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|http://(localhost|127\\.0\\.0\\.1))(:[0-9]{1,5})?$';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

/** POST /api/v1/builder_sessions: exactly one of `template_id`, `envelope_id` and `new_template`. */
export const BuilderSessionCreateRequest = Type.Object({
  template_id: Type.Optional(Id('The template the editor opens (one of the tenant\'s)')),
  envelope_id: Type.Optional(Id('The envelope the editor opens: one of the tenant\'s, still CREATED')),
  new_template: Type.Optional(Type.Literal(true, { description: 'The editor creates one new template; the session is then bound to it' })),
  actions: Type.Optional(Type.Array(LiteralUnion(BUILDER_ACTIONS), {
    minItems: 1, uniqueItems: true,
    description: '`edit` saves the template or envelope; `send` (envelopes only) also sends it. Default `["edit"]`'
  })),
  origins: Type.Array(Type.String({ pattern: BUILDER_ORIGIN_PATTERN, errorMessage: 'must be an origin: https://host[:port] in lower case, no path (http only for localhost and 127.0.0.1)' }), {
    minItems: 1, maxItems: MAX_BUILDER_ORIGINS, uniqueItems: true,
    description: `The origins of the pages that may frame the editor (1-${MAX_BUILDER_ORIGINS}): \`https://app.example.com\`, no path`
  }),
  roles: Type.Optional(Type.Array(LiteralUnion(RECIPIENT_ROLES), { minItems: 1, uniqueItems: true, description: 'The recipient roles the editor offers. Default: all five' })),
  field_types: Type.Optional(Type.Array(LiteralUnion(PLACEMENT_TYPES), { minItems: 1, uniqueItems: true, description: 'The placement types the editor offers. Default: all of them' })),
  language: Type.Optional(LiteralUnion(LANGUAGE_CODES, { description: 'The language of the editor. Default EN' })),
  lifetime_minutes: Type.Optional(Type.Integer({
    minimum: BUILDER_LIFETIME_MINUTES.min, maximum: BUILDER_LIFETIME_MINUTES.max,
    description: `How long the token works, ${BUILDER_LIFETIME_MINUTES.min}-${BUILDER_LIFETIME_MINUTES.max} minutes. Default ${BUILDER_LIFETIME_MINUTES.default}`,
    errorMessage: `must be a whole number of minutes from ${BUILDER_LIFETIME_MINUTES.min} to ${BUILDER_LIFETIME_MINUTES.max}`
  }))
}, { additionalProperties: false });
export type BuilderSessionCreateRequest = Static<typeof BuilderSessionCreateRequest>;
