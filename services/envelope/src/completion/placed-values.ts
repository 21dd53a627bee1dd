import type { PlacedValue } from '@signet/signed-pdf';
import type { EnvelopeAggregate } from '../model';
import { shownValue } from '../fields/shown-value';
import type { PlacementPosition } from '../signing/resolve-placements';

/** Every filled field on these positions, ready to be drawn; a field left empty draws nothing. */
export function placedValues(positions: PlacementPosition[], aggregate: EnvelopeAggregate): PlacedValue[] {
  return positions.flatMap((position): PlacedValue[] => {
    const filled = aggregate.fieldValues?.find((row) => row.placement_id === position.placement.id);
    if (filled === undefined) return [];
    return [{
      page: position.page, left: position.left, top: position.top,
      width: position.placement.width ?? null, height: position.placement.height ?? null,
      value: shownValue(position.placement, filled.value, aggregate.attachments),
      ...(position.cover ? { cover: position.cover } : {})
    }];
  });
}
