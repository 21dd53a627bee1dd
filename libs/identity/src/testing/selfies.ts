import sharp from 'sharp';

export interface SelfieOptions {
  /**
   * Head tilt in degrees: positive toward the signer's own left (what TILT_LEFT asks; the face turns
   * clockwise in the frame as the camera captures it), negative toward their right.
   */
  tilt?: number;
  /** The frame's size (default 720 × 960, a phone's portrait frame). */
  width?: number;
  height?: number;
}

/**
 * A selfie frame: the portrait on a plain wall, filling about half the frame's width as a phone held at
 * arm's length shows a face, turned by `tilt` (the whole head, as a tilt does), as a JPEG.
 */
export async function makeSelfie(portrait: Buffer, options: SelfieOptions = {}): Promise<Buffer> {
  const width = options.width ?? 720;
  const height = options.height ?? 960;
  const faceWidth = Math.round(width * 0.55);
  let face = sharp(await sharp(portrait).resize({ width: faceWidth }).png().toBuffer());
  if (options.tilt) face = face.rotate(options.tilt, { background: { r: 176, g: 184, b: 190, alpha: 1 } });
  const placed = await face.png().toBuffer();
  const size = await sharp(placed).metadata();
  const left = Math.round((width - (size.width ?? faceWidth)) / 2);
  const top = Math.round((height - (size.height ?? faceWidth)) / 2.4);
  const wall = { width, height, channels: 3 as const, background: { r: 176, g: 184, b: 190 } };
  // Clip what a large tilt pushes past the frame.
  const fitted = await sharp(placed)
    .extract({ left: Math.max(0, -left), top: Math.max(0, -top), width: Math.min(size.width ?? 0, width - Math.max(0, left)), height: Math.min(size.height ?? 0, height - Math.max(0, top)) })
    .toBuffer();
  return sharp({ create: wall }).composite([{ input: fitted, left: Math.max(0, left), top: Math.max(0, top) }]).jpeg({ quality: 88 }).toBuffer();
}

/** Two photos side by side on one frame: two faces in one selfie. */
export async function sideBySide(left: Buffer, right: Buffer, height = 720): Promise<Buffer> {
  const a = await sharp(left).resize({ height }).png().toBuffer();
  const b = await sharp(right).resize({ height }).png().toBuffer();
  const aWidth = (await sharp(a).metadata()).width ?? height;
  const bWidth = (await sharp(b).metadata()).width ?? height;
  return sharp({ create: { width: aWidth + bWidth, height, channels: 3, background: '#b0b8be' } })
    .composite([{ input: a, left: 0, top: 0 }, { input: b, left: aWidth, top: 0 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A frame with no face: a plain wall with a lamp-like gradient, as a camera pointed away shows. */
export async function plainImage(width = 720, height = 960): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g"><stop offset="0" stop-color="#f0e6c8"/><stop offset="1" stop-color="#8a8f96"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="${width * 0.6}" y="${height * 0.1}" width="${width * 0.25}" height="${height * 0.3}" fill="#6b4f3a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
