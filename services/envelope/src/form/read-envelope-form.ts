import { validateEnvelopeDefinition, type Static, type TSchema } from '@signet/contracts';
import { validationError } from '@signet/http';

/** Inline documents are meant to be small; larger ones take the upload flow. */
export const MAX_INLINE_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Validates envelope input (a parsed form, or a batch item's JSON) against `schema`; any problem is a 422. */
export function checkEnvelopeInput<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const result = validateEnvelopeDefinition(schema, value);
  if (!result.valid) throw validationError(result.details);
  return result.value;
}
