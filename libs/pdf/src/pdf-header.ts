import { open } from 'node:fs/promises';

const HEADER = Buffer.from('%PDF-');
const BOM = [0xef, 0xbb, 0xbf];
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
/** Readers tolerate a little leading junk; more than this is not a PDF that was merely mangled in transit. */
const MAX_LEADING_BYTES = 1024;
/** All that hasPdfHeader looks at: the leading bytes (a byte-order mark included) and the header. */
const HEADER_WINDOW = MAX_LEADING_BYTES + HEADER.length;

/** Cheap check in the calling thread, so that obviously wrong uploads never cost a worker. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  let start = BOM.every((byte, index) => bytes[index] === byte) ? BOM.length : 0;
  while (start < MAX_LEADING_BYTES && WHITESPACE.has(bytes[start] ?? -1)) start++;
  return HEADER.every((byte, index) => bytes[start + index] === byte);
}

/** hasPdfHeader for a file, reading only its first bytes; rejects as fs does when the file cannot be read. */
export async function fileHasPdfHeader(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(HEADER_WINDOW), 0, HEADER_WINDOW, 0);
    return hasPdfHeader(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
