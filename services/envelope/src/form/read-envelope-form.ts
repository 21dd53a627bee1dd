import type { Request } from 'express';
import { validateEnvelopeDefinition, type Static, type TSchema } from '@signet/contracts';
import { parseBracketForm, validationError } from '@signet/http';
import { readFormFields } from './read-form-fields';

/** Inline documents are meant to be small (spec 8); larger ones take the upload flow. */
export const MAX_INLINE_DOCUMENT_BYTES = 10 * 1024 * 1024;
const MAX_BASE64_FIELD_BYTES = Math.ceil(MAX_INLINE_DOCUMENT_BYTES / 3) * 4 + 4;

/** Validates envelope input (a parsed form, or a batch item's JSON) against `schema`; any problem is a 422. */
export function checkEnvelopeInput<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const result = validateEnvelopeDefinition(schema, value);
  if (!result.valid) throw validationError(result.details);
  return result.value;
}

/** Reads, parses and validates an envelope form against `schema`; any problem is a 422 and nothing is stored. */
export async function readEnvelopeForm<S extends TSchema>(req: Request, schema: S): Promise<Static<S>> {
  const fields = await readFormFields(req, { fieldSize: MAX_BASE64_FIELD_BYTES, fields: 2000 });
  return checkEnvelopeInput(schema, parseBracketForm(fields));
}
