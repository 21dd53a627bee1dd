import { isFieldType, splitOptions, type FieldDefinition } from '@signet/contracts';
import type { PlacementRow } from '../model';

/** The stored placement as its values are checked; null for SIGNATURE, APPROVAL and WITNESS. */
export function fieldDefinitionOf(placement: PlacementRow): FieldDefinition | null {
  const type = placement.placement_type;
  if (!isFieldType(type)) return null;
  return {
    name: placement.name ?? placement.custom_key,
    type,
    required: placement.required ?? false,
    readonly: placement.readonly ?? false,
    default_value: placement.default_value ?? null,
    options: splitOptions(placement.options),
    pattern: placement.pattern ?? null,
    min: placement.min ?? null,
    max: placement.max ?? null
  };
}

/** A recipient's field placements, each with its definition. */
export function fieldsOf(placements: PlacementRow[], recipientKey: string): Array<{ placement: PlacementRow; field: FieldDefinition }> {
  return placements.flatMap((placement) => {
    const field = placement.recipient_key === recipientKey ? fieldDefinitionOf(placement) : null;
    return field === null ? [] : [{ placement, field }];
  });
}
