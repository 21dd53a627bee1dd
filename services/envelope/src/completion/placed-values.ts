import type { FieldValue } from '@signet/contracts';
import type { PlacedValue } from '@signet/signed-pdf';
import type { EnvelopeAggregate, PlacementRow } from '../model';
import type { PlacementPosition } from '../signing/resolve-placements';

/** How a value reads on the page: the text itself, a number or date as written, an attachment by its file name. */
function shown(placement: PlacementRow, value: FieldValue, aggregate: EnvelopeAggregate): PlacedValue['value'] {
  if (placement.placement_type === 'CHECKBOX') return { ticked: value === true };
  if (placement.placement_type === 'ATTACHMENT') return { text: aggregate.attachments?.find((file) => file.id === value)?.file_name ?? String(value) };
  return { text: String(value), handwriting: placement.placement_type === 'INITIALS' };
}

/** Every filled field on these positions, ready to be drawn; a field left empty draws nothing. */
export function placedValues(positions: PlacementPosition[], aggregate: EnvelopeAggregate): PlacedValue[] {
  return positions.flatMap((position): PlacedValue[] => {
    const filled = aggregate.fieldValues?.find((row) => row.placement_id === position.placement.id);
    if (filled === undefined) return [];
    return [{
      page: position.page, left: position.left, top: position.top,
      width: position.placement.width ?? null, height: position.placement.height ?? null,
      value: shown(position.placement, filled.value, aggregate),
      ...(position.cover ? { cover: position.cover } : {})
    }];
  });
}
