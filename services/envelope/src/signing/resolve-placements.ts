import { findTextTokens } from '@signet/pdf';
import type { DocumentRow, PlacementRow } from '../model';

export interface PlacementPosition {
  placement: PlacementRow;
  page: number;
  left: number;
  top: number;
  /** Found by its token: the token's size, so the stamp can cover it. */
  cover?: { width: number; height: number };
}

/**
 * Where each placement on this document goes: its coordinates, or every place its token appears in the
 * text (a token written twice is signed twice). The PDF is read only when a token needs finding.
 */
export async function resolvePlacements(document: DocumentRow, placements: PlacementRow[], readPdf: () => Promise<Buffer>): Promise<PlacementPosition[]> {
  const mine = placements.filter((placement) => placement.document_key === document.custom_key);
  const tokens = [...new Set(mine.flatMap((placement) => (placement.token === null ? [] : [placement.token])))];
  const found = tokens.length > 0 ? await findTextTokens(await readPdf(), tokens) : {};
  return mine.flatMap((placement): PlacementPosition[] => {
    if (placement.token !== null) return (found[placement.token] ?? []).map((position) => ({
      placement, page: position.page, left: position.left, top: position.top, cover: { width: position.width, height: position.height }
    }));
    if (placement.page === null || placement.left === null || placement.top === null) return [];
    return [{ placement, page: placement.page, left: placement.left, top: placement.top }];
  });
}
