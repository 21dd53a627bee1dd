import type { PDFDocument, PDFImage } from 'pdf-lib';

/**
 * Embeds each signature image once per document, however many placements show it. The format is read
 * from the bytes: the ceremony accepts PNG and JPG whatever the file was called.
 */
export function signatureImages(document: PDFDocument): (bytes: Uint8Array) => Promise<PDFImage> {
  const embedded = new Map<Uint8Array, Promise<PDFImage>>();
  return (bytes) => {
    let image = embedded.get(bytes);
    if (!image) {
      image = embed(document, bytes);
      embedded.set(bytes, image);
    }
    return image;
  };
}

/** The image format the bytes start with (PNG or JPEG magic), null for anything else. */
export function imageFormat(bytes: Uint8Array): 'PNG' | 'JPEG' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'PNG';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'JPEG';
  return null;
}

function embed(document: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  const format = imageFormat(bytes);
  if (format === 'PNG') return document.embedPng(bytes);
  if (format === 'JPEG') return document.embedJpg(bytes);
  return Promise.reject(new TypeError('A signature image must be a PNG or a JPG'));
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}
