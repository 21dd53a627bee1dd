/** Sizes are in PDF points of the visible page (CropBox within MediaBox), with /Rotate applied. */
export interface PdfInspection {
  pageCount: number;
  pages: Array<{ width: number; height: number }>;
}

/** Where a token is drawn: 0-indexed page, box in points from the top-left of the page as displayed. */
export interface TokenPosition {
  page: number;
  left: number;
  top: number;
  width: number;
  height: number;
}
