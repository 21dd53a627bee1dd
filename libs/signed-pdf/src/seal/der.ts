import forge from 'node-forge';

/**
 * A minimal DER reader for checking the CMS structures of a PDF signature (the writer is
 * @peculiar/asn1-cms). It keeps each element's exact bytes: the signature covers the signed attributes
 * as encoded, and certificates and issuer names are compared byte for byte, so a verifier that parsed
 * into a schema and re-encoded could check something other than what is in the file.
 */
export interface DerElement {
  tag: number;
  /** The whole element: tag, length and content. */
  bytes: Buffer;
  content: Buffer;
}

export const TAG = {
  INTEGER: 0x02,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  GENERALIZED_TIME: 0x18,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31
} as const;

/** Context-specific tag [n], constructed (as IMPLICIT SET OF and EXPLICIT wrappers are). */
export const contextTag = (n: number) => 0xa0 | n;

export function readDer(buffer: Buffer, offset = 0): DerElement {
  const tag = byteAt(buffer, offset);
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: multi-byte tags are not supported');
  const first = byteAt(buffer, offset + 1);
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new Error('DER: unsupported length');
    length = 0;
    for (let index = 0; index < count; index++) length = length * 256 + byteAt(buffer, offset + 2 + index);
    header += count;
  }
  const end = offset + header + length;
  if (end > buffer.length) throw new Error('DER: element runs past the end of its container');
  return { tag, bytes: buffer.subarray(offset, end), content: buffer.subarray(offset + header, end) };
}

export function children(element: DerElement): DerElement[] {
  const found: DerElement[] = [];
  for (let offset = 0; offset < element.content.length; ) {
    const child = readDer(element.content, offset);
    found.push(child);
    offset += child.bytes.length;
  }
  return found;
}

export function readOid(element: DerElement): string {
  if (element.tag !== TAG.OID) throw new Error('DER: expected an OBJECT IDENTIFIER');
  return forge.asn1.derToOid(forge.util.createBuffer(element.content.toString('binary')));
}

function byteAt(buffer: Buffer, offset: number): number {
  const value = buffer[offset];
  if (value === undefined) throw new Error('DER: truncated element');
  return value;
}
