import { imageSizeProblem } from '@signet/signed-pdf';

/** A branding logo ready to draw: raster bytes pdfkit embeds, or SVG markup drawn as vector paths. */
export type Logo = { format: 'png' | 'jpeg'; bytes: Buffer } | { format: 'svg'; svg: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
// An <svg> root, after an optional XML prolog, comments and a DOCTYPE without an internal subset
// (entity definitions there are how XML bombs are built).
const SVG_ROOT = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*<svg[\s>]/i;

/** A raster logo small enough to embed: a small file may declare a huge picture. */
function raster(format: 'png' | 'jpeg', bytes: Buffer): Logo {
  const problem = imageSizeProblem(bytes);
  if (problem) throw new Error(`the image ${problem}`);
  return { format, bytes };
}

/** What the bytes are, by their own signature: a server's content type or a data URL's label is not trusted. */
export function sniffLogo(bytes: Buffer): Logo {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return raster('png', bytes);
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return raster('jpeg', bytes);
  const svg = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (SVG_ROOT.test(svg)) return { format: 'svg', svg };
  throw new Error('not a PNG, JPEG or SVG image');
}
