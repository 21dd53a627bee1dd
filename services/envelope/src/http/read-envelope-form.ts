import type { Request } from 'express';
import type { Static, TSchema } from '@signet/contracts';
import { parseBracketForm } from '@signet/http';
import { checkEnvelopeInput, MAX_INLINE_DOCUMENT_BYTES } from '../form/read-envelope-form';
import { readFormFields } from './read-form-fields';

const MAX_BASE64_FIELD_BYTES = Math.ceil(MAX_INLINE_DOCUMENT_BYTES / 3) * 4 + 4;

/** Reads, parses and validates an envelope form against `schema`; any problem is a 422 and nothing is stored. */
export async function readEnvelopeForm<S extends TSchema>(req: Request, schema: S): Promise<Static<S>> {
  const fields = await readFormFields(req, { fieldSize: MAX_BASE64_FIELD_BYTES, fields: 2000 });
  return checkEnvelopeInput(schema, parseBracketForm(fields));
}
