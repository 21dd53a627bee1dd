import type { FieldValue } from '@signet/contracts';
import type { PlacedValue } from '@signet/signed-pdf';
import type { FieldAttachmentRow, PlacementRow } from '../model';

/** How a value reads on the page: the text itself, a number or date as written, a tick box, an attachment by its file name. */
export function shownValue(placement: PlacementRow, value: FieldValue, attachments: readonly FieldAttachmentRow[] = []): PlacedValue['value'] {
  if (placement.placement_type === 'CHECKBOX') return { ticked: value === true };
  if (placement.placement_type === 'ATTACHMENT') return { text: attachments.find((file) => file.id === value)?.file_name ?? String(value) };
  return { text: String(value), handwriting: placement.placement_type === 'INITIALS' };
}
