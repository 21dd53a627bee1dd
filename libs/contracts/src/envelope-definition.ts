import type { Static, TSchema } from '@sinclair/typebox';
import type { FieldError } from './field-errors';
import { validateSchema, type ValidationResult } from './validate';
import { fieldPlacementProblems, rolePlacementProblems, type FieldPlacementInput, type RoleRecipientInput } from './fields/field-definitions';

interface PlacementShape extends FieldPlacementInput {
  coordinates?: { top?: string; left?: string; page?: string };
  token?: string;
}

/** A positioned placement gives all three coordinates or a token, never part of them, never both. */
function placementShapeProblems(placements: Record<string, PlacementShape> | undefined): FieldError[] {
  const details: FieldError[] = [];
  for (const [index, placement] of Object.entries(placements ?? {})) {
    const given = ['top', 'left', 'page'].filter((name) => placement.coordinates?.[name as 'top'] !== undefined);
    if (given.length > 0 && given.length < 3) details.push({ field: `placements.${index}.coordinates`, message: 'give top, left and page together, or none of them' });
    if (given.length === 3 && placement.token !== undefined) details.push({ field: `placements.${index}.token`, message: 'give coordinates or a token, not both' });
  }
  return details;
}

/**
 * The one check of an envelope definition, however it arrives (a multipart form once parsed, a batch item,
 * a template): the schema, with the limits every way in shares (ENVELOPE_LIMITS, NUL, nesting), then
 * what a schema cannot say about placements: their position, their field properties, and whether their
 * recipient's role can fill them (when the definition carries its recipients; an update of placements
 * alone is checked against the stored ones by the service).
 */
export function validateEnvelopeDefinition<S extends TSchema>(schema: S, value: unknown): ValidationResult<Static<S>> {
  const result = validateSchema(schema, value);
  if (!result.valid) return result;
  const { placements, recipients } = result.value as { placements?: Record<string, PlacementShape>; recipients?: Record<string, RoleRecipientInput> };
  const details = [
    ...placementShapeProblems(placements),
    ...fieldPlacementProblems(placements),
    ...(recipients === undefined ? [] : rolePlacementProblems(recipients, placements))
  ];
  return details.length > 0 ? { valid: false, details } : result;
}
