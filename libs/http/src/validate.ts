import type { TSchema, Static } from '@sinclair/typebox';
import { validateSchema } from '@signet/contracts';
import { validationError } from './app-error';

/** Returns the value typed by its schema, or throws a 422 listing every field error. */
export function parseWith<S extends TSchema>(schema: S, value: unknown, fieldPrefix = ''): Static<S> {
  const result = validateSchema(schema, value);
  if (!result.valid) {
    throw validationError(result.details.map((detail) => ({
      field: fieldPrefix && detail.field ? `${fieldPrefix}.${detail.field}` : fieldPrefix || detail.field,
      message: detail.message
    })));
  }
  return value as Static<S>;
}
