import { degrees, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { SignedRecipient } from '../src';
import { signaturePng } from '@signet/testkit';

export const DOCUMENT_ID = '5f0c6a3e-2b1d-4e8a-9c7f-1a2b3c4d5e6f';
/** The visible part of page 1 of twoPagePdf, in pdf-lib's coordinates. */
export const CROP = { x: 20, y: 30, width: 580, height: 750 } as const;

/**
 * Two pages with some text; page 1 shows only part of its MediaBox (a CropBox offset from the origin),
 * so positions measured from the top-left of the page as displayed differ from pdf-lib's coordinates.
 */
export async function twoPagePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([612, 792]).drawText('Service agreement, page one', { x: 72, y: 700, size: 14, font });
  const cropped = document.addPage([612, 792]);
  cropped.setCropBox(CROP.x, CROP.y, CROP.width, CROP.height);
  cropped.drawText('Page two: signatures', { x: 72, y: 650, size: 14, font });
  return document.save();
}

/** One Letter page turned a quarter clockwise (/Rotate 90), so it is displayed landscape. */
export async function rotatedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  page.setRotation(degrees(90));
  return document.save();
}

/** A page without a MediaBox (viewers fall back to Letter). */
export async function pageWithoutMediaBox(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]).node.delete(PDFName.of('MediaBox'));
  return document.save();
}

export const SIGNED_AT = new Date('2025-03-04T10:20:30Z');

/** A drawn signature three times as wide as high, the proportions of SIGNATURE_BOX, so it fills it. */
export const drawnBy = (name: string, email: string): SignedRecipient => ({
  name,
  email,
  signedAt: SIGNED_AT,
  signature: { type: 'DRAWN', image: signaturePng(300, 100) }
});

export const writtenBy = (name: string, email: string): SignedRecipient => ({
  name,
  email,
  signedAt: SIGNED_AT,
  signature: { type: 'WRITTEN', text: name }
});
