import type { Request } from 'express';
import type { TSchema, Static } from '@signet/contracts';
import { AppError, parseBracketForm, parseWith } from '@signet/http';
import { readFormFields } from './read-form-fields';

/** Inline documents are meant to be small (spec 8); larger ones take the upload flow. */
export const MAX_INLINE_DOCUMENT_BYTES = 10 * 1024 * 1024;
const MAX_BASE64_FIELD_BYTES = Math.ceil(MAX_INLINE_DOCUMENT_BYTES / 3) * 4 + 4;

interface PlacementShape {
  coordinates?: { top?: string; left?: string; page?: string };
  token?: string;
}

/** A positioned placement gives all three coordinates or a token, never part of them, never both. */
function checkPlacementShapes(placements: Record<string, PlacementShape> | undefined): void {
  const details = [];
  for (const [index, placement] of Object.entries(placements ?? {})) {
    const given = ['top', 'left', 'page'].filter((name) => placement.coordinates?.[name as 'top'] !== undefined);
    if (given.length > 0 && given.length < 3) {
      details.push({ field: `placements.${index}.coordinates`, message: 'give top, left and page together, or none of them' });
    }
    if (given.length === 3 && placement.token !== undefined) {
      details.push({ field: `placements.${index}.token`, message: 'give coordinates or a token, not both' });
    }
  }
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', 'Invalid input', details);
}

/** Validates envelope input (a parsed form, or a batch item's JSON) against `schema`; any problem is a 422. */
export function checkEnvelopeInput<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const input = parseWith(schema, value);
  checkPlacementShapes((input as { placements?: Record<string, PlacementShape> }).placements);
  return input;
}

/** Reads, parses and validates an envelope form against `schema`; any problem is a 422 and nothing is stored. */
export async function readEnvelopeForm<S extends TSchema>(req: Request, schema: S): Promise<Static<S>> {
  const fields = await readFormFields(req, { fieldSize: MAX_BASE64_FIELD_BYTES, fields: 2000 });
  return checkEnvelopeInput(schema, parseBracketForm(fields));
}
