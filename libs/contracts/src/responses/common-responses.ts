import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { FIELD_PROBLEM_CODES } from '../field-errors';
import { LiteralUnion } from '../schema-helpers';

/**
 * Response bodies of the public routes. Every JSON object answer carries `request_id` (the gateway adds
 * it), so each body is built with `Answer`. Like every output they are open to new fields: a client must
 * ignore a field it does not know. The contract tests hold the document to naming every field all the same.
 */
export const Answer = <T extends TProperties>(properties: T, description?: string) =>
  Type.Object({ ...properties, request_id: Type.String({ description: 'Also in the X-Request-Id header: finds the request in the logs' }) }, description ? { description } : {});

export const FieldErrorDetail = Type.Object({
  field: Type.String({ description: 'Dotted path into the request, e.g. `recipients.signer_1.email`' }),
  message: Type.String(),
  code: Type.Optional(LiteralUnion(FIELD_PROBLEM_CODES, {
    description: 'The kind of problem, where a program may act on it: VALUE_TOO_LONG (a field value cannot be drawn whole in its box on the ' +
      'document, even at 6 points), BOX_TOO_SMALL (a placement\'s box cannot hold what its field may be given)'
  }))
});

/** The one error body of every route: `error` for people, `code` for programs (docs/errors.md). */
export const ErrorBody = Type.Object({
  error: Type.String({ description: 'What went wrong, for people' }),
  code: Type.String({ description: 'Machine-readable error code, e.g. VALIDATION_FAILED (docs/errors.md)' }),
  request_id: Type.String(),
  details: Type.Optional(Type.Array(FieldErrorDetail, { description: 'One entry per problem with the input (422)' }))
});
export type ErrorBody = Static<typeof ErrorBody>;

export const SuccessResponse = Answer({ success: Type.Literal(true) });
export type SuccessResponse = Static<typeof SuccessResponse>;
