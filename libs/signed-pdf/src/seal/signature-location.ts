/**
 * Where a PDF signature sits in the file: its /ByteRange [0 holeStart holeEnd tailLength] and the
 * DER in the hole between them (the hex string /Contents, zero-padded).
 */
export interface SignatureLocation {
  signedRanges: Array<[start: number, end: number]>;
  cms: Buffer;
}

export type Located = { found: SignatureLocation } | { problem: string };

const BYTE_RANGE = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/;

/**
 * Read from the raw bytes rather than through a PDF parser: a seal must be checkable on a file that
 * was tampered with until it no longer parses, and only a signature whose ranges reach the last byte
 * can vouch for the whole file, so any other /ByteRange (an older signature) is no answer.
 */
export function locateSignature(bytes: Buffer): Located {
  let sawByteRange = false;
  let found: SignatureLocation | undefined;
  for (let at = bytes.indexOf('/ByteRange'); at >= 0; at = bytes.indexOf('/ByteRange', at + 1)) {
    sawByteRange = true;
    const match = BYTE_RANGE.exec(bytes.subarray(at, at + 100).toString('latin1'));
    if (!match) continue;
    const [start, holeStart, holeEnd, tailLength] = match.slice(1).map(Number) as [number, number, number, number];
    if (start !== 0 || holeEnd + tailLength !== bytes.length || holeStart >= holeEnd) continue;
    const hole = bytes.subarray(holeStart, holeEnd).toString('latin1');
    if (!/^<[0-9a-fA-F]*>$/.test(hole) || hole.length % 2 !== 0) continue;
    found = { signedRanges: [[0, holeStart], [holeEnd, bytes.length]], cms: Buffer.from(hole.slice(1, -1), 'hex') };
  }
  if (found) return { found };
  return { problem: sawByteRange ? 'The signature does not cover the whole file' : 'The file has no signature' };
}
