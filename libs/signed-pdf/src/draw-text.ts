import { type Color, PDFHexString, PDFName, PDFOperator, PDFOperatorNames } from 'pdf-lib';
import type { ShapedText } from './fonts/font-stack';
import type { PageFrame } from './page-frame';

export interface TextStyle {
  size: number;
  color: Color;
}

/** Letters of right-to-left scripts, whose glyphs are drawn shaped and in visual order. */
const RTL_SCRIPT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** Draws text whose baseline starts at (left, baseline), measured from the displayed top-left. */
export function drawText(frame: PageFrame, text: ShapedText, left: number, baseline: number, style: TextStyle): void {
  // Shaped Arabic shares glyphs between letters (one dotless form for several) and runs in visual order:
  // the line carries its text in reading order as /ActualText, which text extraction and screen readers use.
  const actualText = RTL_SCRIPT.test(text.text);
  if (actualText) {
    // An inline property list: pdf-lib writes any object as an operand, though its types list only some.
    const properties = frame.page.doc.context.obj({ ActualText: PDFHexString.fromText(text.text) }) as unknown as PDFName;
    frame.page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), properties]));
  }
  let advance = 0;
  for (const run of text.runs) {
    frame.page.drawText(run.text, {
      ...frame.point(left + advance, baseline),
      font: run.font,
      size: style.size,
      color: style.color,
      rotate: frame.rotate
    });
    advance += run.font.widthOfTextAtSize(run.text, style.size);
  }
  if (actualText) frame.page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}
