import sharp from 'sharp';
import { IdentityInputError } from '../types';

/** What an identity photo may be, checked before anything is counted. */
export const IMAGE_LIMITS = {
  /** Bytes of the file as sent. */
  maxBytes: 10 * 1024 * 1024,
  /** Pixels the header may declare (sharp's limitInputPixels): 40 megapixels. */
  maxPixels: 40_000_000,
  /** The longest side the header may declare. */
  maxSide: 10_000,
  /** The shortest side a photo of a document or a face can be read at. */
  minSide: 200,
  /** The long side a photo is brought down to before any engine sees it. */
  workingLongSide: 1600
} as const;

/** A photo as the engines receive it: RGB pixels, 3 bytes each, EXIF-rotated, at most 1600 px long. */
export interface WorkingImage {
  pixels: ArrayBuffer;
  width: number;
  height: number;
}

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format the first bytes say, or null: only JPEG, PNG and WebP are photos here. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'png';
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const NOT_AN_IMAGE = 'The file is not a photo. Please send a JPEG, PNG or WebP image.';
const DAMAGED = 'The photo could not be read: the file is damaged. Please take or send the photo again.';
const TRUNCATED = 'The photo is incomplete (the file was cut off). Please take or send the photo again.';
const tooLarge = (why: string) => `The photo is too large (${why}). Please send a photo of at most 10 MB and 40 megapixels.`;
const TOO_SMALL = `The photo is too small to be read. Please send a photo at least ${IMAGE_LIMITS.minSide} pixels on each side.`;

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
const isTruncation = (error: unknown) => error instanceof Error && /premature end|truncat|unexpected end|end of (file|stream)|incomplete/i.test(error.message);

/**
 * Whether the file ends as its format says a whole file ends: a JPEG's end-of-image marker, a PNG's IEND
 * chunk, a WebP's RIFF size. A decode that fails on a file cut short is a truncation whatever words libvips
 * finds for it (its error text is shared by every thread of the process, so it is not relied on alone).
 */
function endsWhole(bytes: Buffer, format: ImageFormat): boolean {
  if (format === 'jpeg') return bytes.subarray(Math.max(0, bytes.length - 4096)).lastIndexOf(Buffer.from([0xff, 0xd9])) !== -1;
  if (format === 'png') return bytes.subarray(Math.max(0, bytes.length - 64)).includes(Buffer.from('IEND', 'latin1'));
  return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 <= bytes.length;
}

/**
 * Checks one photo and brings it to the engines' working form, or throws IdentityInputError:
 * - NOT_AN_IMAGE: neither JPEG, PNG nor WebP by its first bytes, or a header sharp cannot read;
 * - IMAGE_TOO_LARGE: over 10 MB, or a header declaring over 40 megapixels (sharp's limitInputPixels,
 *   so a decompression bomb is refused from its header, never decoded) or a side over 10,000 px;
 * - IMAGE_TOO_SMALL: a side under 200 px;
 * - IMAGE_TRUNCATED: the pixel data ends early (sharp's failOn 'truncated').
 * Then the photo is turned upright (EXIF orientation), flattened on white, and scaled down to at most
 * 1600 px on its long side. Decoding runs in libvips' threads, not on the event loop.
 */
export async function intakeImage(bytes: Buffer): Promise<WorkingImage> {
  if (!((bytes as unknown) instanceof Uint8Array)) throw new IdentityInputError('NOT_AN_IMAGE', NOT_AN_IMAGE);
  if (bytes.length > IMAGE_LIMITS.maxBytes) throw new IdentityInputError('IMAGE_TOO_LARGE', tooLarge('over 10 MB'));
  const format = sniffImageFormat(bytes);
  if (format === null) throw new IdentityInputError('NOT_AN_IMAGE', NOT_AN_IMAGE);

  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels }).metadata();
  } catch (error) {
    if (isPixelLimit(error)) throw new IdentityInputError('IMAGE_TOO_LARGE', tooLarge('over 40 megapixels'));
    if (isTruncation(error)) throw new IdentityInputError('IMAGE_TRUNCATED', TRUNCATED);
    throw new IdentityInputError('NOT_AN_IMAGE', DAMAGED);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new IdentityInputError('NOT_AN_IMAGE', DAMAGED);
  if (Math.max(width, height) > IMAGE_LIMITS.maxSide) throw new IdentityInputError('IMAGE_TOO_LARGE', tooLarge(`a side over ${IMAGE_LIMITS.maxSide.toLocaleString('en')} pixels`));
  if (Math.min(width, height) < IMAGE_LIMITS.minSide) throw new IdentityInputError('IMAGE_TOO_SMALL', TOO_SMALL);

  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'truncated' })
      .rotate()
      .resize({ width: IMAGE_LIMITS.workingLongSide, height: IMAGE_LIMITS.workingLongSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    // A copy of exactly the pixels: the worker gets it transferred, and sharp's buffer may be pooled.
    const pixels = new ArrayBuffer(data.byteLength);
    new Uint8Array(pixels).set(data);
    return { pixels, width: info.width, height: info.height };
  } catch (error) {
    if (isPixelLimit(error)) throw new IdentityInputError('IMAGE_TOO_LARGE', tooLarge('over 40 megapixels'));
    if (isTruncation(error) || !endsWhole(bytes, format)) throw new IdentityInputError('IMAGE_TRUNCATED', TRUNCATED);
    throw new IdentityInputError('NOT_AN_IMAGE', DAMAGED);
  }
}
