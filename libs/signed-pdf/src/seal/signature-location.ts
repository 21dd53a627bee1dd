/**
 * Where a PDF signature sits in the file: its /ByteRange [0 holeStart holeEnd tailLength], the DER in
 * the hole between them (the hex string /Contents, zero-padded), and its /SubFilter.
 */
export interface SignatureLocation {
  signedRanges: Array<[start: number, end: number]>;
  cms: Buffer;
  /** Where the revision this signature signed ends: holeEnd + tailLength. */
  revisionEnd: number;
  /** ETSI.CAdES.detached, adbe.pkcs7.detached, ETSI.RFC3161 (a document timestamp)... */
  subFilter: string;
}

const BYTE_RANGE = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/;

/**
 * Every well-formed signature of the file, in the order of the revisions they sign. Read from the raw
 * bytes rather than through a PDF parser: a seal must be checkable on a file that was tampered with
 * until it no longer parses.
 */
export function locateSignatures(bytes: Buffer): SignatureLocation[] {
  const found: SignatureLocation[] = [];
  for (let at = bytes.indexOf('/ByteRange'); at >= 0; at = bytes.indexOf('/ByteRange', at + 1)) {
    const match = BYTE_RANGE.exec(bytes.subarray(at, at + 100).toString('latin1'));
    if (!match) continue;
    const [start, holeStart, holeEnd, tailLength] = match.slice(1).map(Number) as [number, number, number, number];
    if (start !== 0 || holeEnd + tailLength > bytes.length || holeStart >= holeEnd) continue;
    const hole = bytes.subarray(holeStart, holeEnd).toString('latin1');
    if (!/^<[0-9a-fA-F]*>$/.test(hole) || hole.length % 2 !== 0) continue;
    found.push({
      signedRanges: [[0, holeStart], [holeEnd, holeEnd + tailLength]],
      cms: Buffer.from(hole.slice(1, -1), 'hex'),
      revisionEnd: holeEnd + tailLength,
      subFilter: subFilterNear(bytes, at, holeEnd)
    });
  }
  return found.sort((a, b) => a.revisionEnd - b.revisionEnd);
}

/** The /SubFilter of the object that holds the /ByteRange at `at`: before it, or after its /Contents. */
function subFilterNear(bytes: Buffer, at: number, holeEnd: number): string {
  const objectStart = bytes.lastIndexOf(' obj', at);
  const objectEnd = bytes.indexOf('endobj', holeEnd);
  const before = bytes.subarray(Math.max(objectStart, 0), at).toString('latin1');
  const after = bytes.subarray(holeEnd, objectEnd < 0 ? holeEnd + 400 : objectEnd).toString('latin1');
  const pattern = /\/SubFilter\s*\/([A-Za-z0-9.]+)/;
  return pattern.exec(before)?.[1] ?? pattern.exec(after)?.[1] ?? '';
}
