import { deflateSync } from 'node:zlib';
import { declaredPng } from '@signet/testkit';
import sharp from 'sharp';

export interface HostileImages {
  /** A PDF's first bytes: not an image. */
  notAnImage: Buffer;
  /** A real 1200 × 900 JPEG cut at 60 %. */
  truncatedJpeg: Buffer;
  /** A PNG header declaring 20,000 × 20,000 pixels (400 megapixels) over a few bytes of data. */
  huge: Buffer;
  /** A decompression bomb: 9,000 × 9,000 pixels of zeros (81 MB decoded) deflated into about 80 KB. */
  zipBomb: Buffer;
  /** A real JPEG of 150 × 150 pixels. */
  tiny: Buffer;
  /** 11 MB: over the size limit whatever it holds (a real JPEG header, then filler). */
  overTenMegabytes: Buffer;
}

/** Inputs the intake must refuse, each with its IdentityInputError code in the tests. */
export async function hostileImages(): Promise<HostileImages> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7d8c99' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#d4a373"/></svg>') }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const rows = 9000;
  const zeros = deflateSync(Buffer.alloc(rows * (1 + 9000)), { level: 9 });
  return {
    notAnImage: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
    truncatedJpeg: photo.subarray(0, Math.floor(photo.length * 0.6)),
    huge: declaredPng(20_000, 20_000, 0, deflateSync(Buffer.alloc(64))),
    zipBomb: declaredPng(9000, rows, 0, zeros),
    tiny: await sharp({ create: { width: 150, height: 150, channels: 3, background: '#808080' } }).jpeg().toBuffer(),
    overTenMegabytes: Buffer.concat([photo.subarray(0, 2), Buffer.alloc(11 * 1024 * 1024, 0x20)])
  };
}
