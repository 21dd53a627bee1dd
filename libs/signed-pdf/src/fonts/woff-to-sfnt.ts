import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646;
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_RECORD = 16;

/**
 * A WOFF 1.0 file as the plain TrueType/OpenType file it wraps: each table inflated once. fontkit reads a
 * WOFF's table from the compressed file on every access, so each new glyph inflated the whole `glyf`
 * table again (seconds for a page of Chinese or Japanese, most of a stamp's time even in Latin); the
 * plain file is read in place. Written here: the one npm package for it has had a single release.
 */
export function sfntOf(woff: Uint8Array): Uint8Array {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.readUInt32BE(0) !== WOFF_SIGNATURE) return woff;
  const numTables = input.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    const [offset, compLength, origLength] = [input.readUInt32BE(at + 4), input.readUInt32BE(at + 8), input.readUInt32BE(at + 12)];
    const stored = input.subarray(offset, offset + compLength);
    return { tag: input.readUInt32BE(at), checksum: input.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const output = Buffer.alloc(SFNT_HEADER + numTables * SFNT_RECORD + tables.reduce((total, table) => total + padded(table.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  output.writeUInt32BE(input.readUInt32BE(4), 0);
  output.writeUInt16BE(numTables, 4);
  output.writeUInt16BE(16 * 2 ** entrySelector, 6);
  output.writeUInt16BE(entrySelector, 8);
  output.writeUInt16BE(numTables * 16 - 16 * 2 ** entrySelector, 10);
  let offset = SFNT_HEADER + numTables * SFNT_RECORD;
  tables.forEach((table, index) => {
    const at = SFNT_HEADER + index * SFNT_RECORD;
    output.writeUInt32BE(table.tag, at);
    output.writeUInt32BE(table.checksum, at + 4);
    output.writeUInt32BE(offset, at + 8);
    output.writeUInt32BE(table.data.length, at + 12);
    output.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return output;
}
