import { children, readDer, TAG } from '../seal/der';

/** Bytes of r (and of s) in the fixed-size r || s form, by curve: P-256, P-384, P-521. */
const RAW_HALVES = new Set([32, 48, 66]);
const LARGEST_HALF = 66;

/**
 * An ECDSA signature as a DER Ecdsa-Sig-Value (SEQUENCE { r INTEGER, s INTEGER }), the form CMS
 * carries. The CSC API answers DER, but some services answer the fixed-size r || s of PKCS#11 and
 * WebCrypto; both are read, and the integers re-encoded minimally, so a non-canonical DER answer still
 * makes a valid CMS. Null when the bytes are neither.
 */
export function ecdsaDerSignature(signature: Buffer): Buffer | null {
  const halves = derIntegers(signature) ?? rawHalves(signature);
  if (halves === null) return null;
  const [r, s] = halves.map(unsigned) as [Buffer, Buffer];
  if (r.length === 0 || s.length === 0 || r.length > LARGEST_HALF || s.length > LARGEST_HALF) return null;
  return derElement(TAG.SEQUENCE, Buffer.concat([derInteger(r), derInteger(s)]));
}

function derIntegers(signature: Buffer): [Buffer, Buffer] | null {
  try {
    const sequence = readDer(signature);
    if (sequence.tag !== TAG.SEQUENCE || sequence.bytes.length !== signature.length) return null;
    const [r, s, ...rest] = children(sequence);
    if (r === undefined || s === undefined || rest.length > 0 || r.tag !== TAG.INTEGER || s.tag !== TAG.INTEGER) return null;
    // A negative r or s is no ECDSA signature.
    if ((r.content[0] ?? 0x80) & 0x80 || (s.content[0] ?? 0x80) & 0x80) return null;
    return [r.content, s.content];
  } catch {
    return null;
  }
}

function rawHalves(signature: Buffer): [Buffer, Buffer] | null {
  const half = signature.length / 2;
  return RAW_HALVES.has(half) ? [signature.subarray(0, half), signature.subarray(half)] : null;
}

/** The integer's magnitude without leading zero bytes (empty for zero). */
function unsigned(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return bytes.subarray(start);
}

/** A positive INTEGER: a zero byte first when the high bit is set. */
function derInteger(magnitude: Buffer): Buffer {
  return derElement(TAG.INTEGER, (magnitude[0] as number) & 0x80 ? Buffer.concat([Buffer.from([0]), magnitude]) : magnitude);
}

function derElement(tag: number, content: Buffer): Buffer {
  const length = content.length < 0x80 ? Buffer.from([content.length]) : Buffer.from([0x81, content.length]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
