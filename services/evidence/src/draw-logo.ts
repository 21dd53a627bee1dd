import { imageSizeProblem } from '@signet/signed-pdf';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Logo } from './logo';

/** The box the logo is fitted into, in points, keeping its proportions. */
export const LOGO_BOX = { width: 100, height: 50 };

// Images inside an SVG are drawn only from data URLs (any other link would make pdfkit read a file of
// this server's disk), and only of a size any logo may have. The empty one fails to open and is left
// out with a warning.
const NO_IMAGE = 'data:image/png;base64,';
function inlineImageOnly(link: string): string {
  const inline = link.replace(/\s+/g, '');
  const match = /^data:image\/(?:png|jpe?g);base64,(.*)$/i.exec(inline);
  if (!match || imageSizeProblem(Buffer.from(match[1] as string, 'base64')) !== null) return NO_IMAGE;
  return inline;
}

/**
 * Draws the logo with its top-left corner at (x, y), clipped to the logo box. Throws when a raster image
 * cannot be read; returns the SVG renderer's warnings (an empty list for raster images).
 */
export function drawLogo(doc: PDFKit.PDFDocument, logo: Logo, x: number, y: number): string[] {
  if (logo.format !== 'svg') {
    doc.image(logo.bytes, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
    return [];
  }
  const warnings: string[] = [];
  doc.save().rect(x, y, LOGO_BOX.width, LOGO_BOX.height).clip();
  try {
    SVGtoPDF(doc, logo.svg, x, y, {
      width: LOGO_BOX.width,
      height: LOGO_BOX.height,
      assumePt: true,
      preserveAspectRatio: 'xMinYMin meet',
      imageCallback: inlineImageOnly,
      warningCallback: (warning) => warnings.push(warning)
    });
  } finally {
    doc.restore();
  }
  return warnings;
}
