import { imageSize } from 'image-size';

/**
 * The largest image Signet embeds (signatures, signature backgrounds, logos). A small file can declare a
 * huge picture, and PNGs are decoded to RGBA to be embedded: 12 megapixels is 48 MB decoded, while a
 * 512 KB PNG of 30000x30000 would be 3.6 GB. A signature needs a small fraction of this.
 */
export const MAX_IMAGE_SIDE = 6000;
export const MAX_IMAGE_PIXELS = 12_000_000;

/** Why the image is too large to embed (or unreadable), as a sentence's end; null when it is fine. */
export function imageSizeProblem(bytes: Uint8Array): string | null {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return 'is not a readable image';
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width < 1 || height < 1) return 'has no size';
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return `is ${width}x${height} pixels: at most ${MAX_IMAGE_SIDE} on a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  }
  return null;
}
