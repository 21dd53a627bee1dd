import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A PNG of 8-bit samples whose header declares `width` x `height` (colour type 0: grey, 6: RGBA) over
 * `idat`, deflated pixel data taken as given: a test may make the two disagree (a huge image over a few
 * bytes, a decompression bomb).
 */
export function declaredPng(width: number, height: number, colourType: 0 | 6, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0))
  ]);
}

/** An 8-bit RGBA PNG declaring `width` x `height` pixels, with `pixelData` (filter bytes included) as its IDAT. */
function rgbaPng(width: number, height: number, pixelData: Buffer): Buffer {
  return declaredPng(width, height, 6, deflateSync(pixelData));
}

/**
 * A valid RGBA PNG of `width` x `height` pixels: a dark diagonal stroke on transparency, enough to be
 * a drawn signature for pdf-lib (which reads dimensions, decodes and re-encodes the pixels).
 */
export function signaturePng(width: number, height: number): Buffer {
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      if (Math.abs(Math.round((x * height) / width) - y) <= 1) row.set([20, 30, 120, 255], 1 + x * 4);
    }
    return row;
  });
  return rgbaPng(width, height, Buffer.concat(rows));
}

/**
 * A PNG of a few hundred bytes that declares `width` x `height` RGBA pixels: decoded for embedding it
 * would take width * height * 4 bytes. Its pixel data is a little compressed zero run, enough to look
 * like a PNG to anything that reads only the header.
 */
export function oversizedPng(width: number, height: number): Buffer {
  return rgbaPng(width, height, Buffer.alloc(64 * 1024));
}
