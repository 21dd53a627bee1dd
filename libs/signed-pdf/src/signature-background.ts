import { PDFDocument, type PDFImage } from 'pdf-lib';
import { imageSizeProblem } from './image-size-limit';
import type { PageFrame } from './page-frame';
import type { Box } from './signature-mark';
import { imageFormat } from './signature-images';

/** Faint enough that the signature drawn over it stays legible. */
export const BACKGROUND_OPACITY = 0.25;

/**
 * Embeds `signature.bg_image` once per document: null when there is none, when it is neither PNG nor
 * JPEG, or when pdf-lib cannot read it. A background is decoration, so it never fails the stamping.
 */
export async function embedBackground(document: PDFDocument, bytes: Uint8Array | undefined): Promise<PDFImage | null> {
  if (!bytes || bytes.length === 0 || imageSizeProblem(bytes) !== null) return null;
  try {
    return await embedImage(document, bytes);
  } catch {
    return null;
  }
}

/**
 * Why these bytes cannot be a signature background (thrown as an Error), for callers that fetch one and
 * want to log the reason rather than have it silently left out: not PNG or JPEG, or unreadable.
 */
export async function checkSignatureBackground(bytes: Uint8Array): Promise<void> {
  if (imageFormat(bytes) === null) throw new TypeError('not a PNG or JPEG image');
  const problem = imageSizeProblem(bytes);
  if (problem) throw new TypeError(`the image ${problem}`);
  await embedImage(await PDFDocument.create(), bytes);
}

async function embedImage(document: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  const format = imageFormat(bytes);
  if (format === 'PNG') return document.embedPng(bytes);
  if (format === 'JPEG') return document.embedJpg(bytes);
  throw new TypeError('not a PNG or JPEG image');
}

/** The background as large as fits in the box, keeping its proportions, centred, drawn faintly. */
export function drawBackground(frame: PageFrame, image: PDFImage, box: Box): void {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const left = box.left + (box.width - width) / 2;
  const top = box.top + (box.height - height) / 2;
  frame.page.drawImage(image, { ...frame.point(left, top + height), width, height, rotate: frame.rotate, opacity: BACKGROUND_OPACITY });
}
