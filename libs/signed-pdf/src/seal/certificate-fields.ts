import { children, contextTag, type DerElement, readDer, readOid, TAG } from './der';
import { OID } from './oids';

/** The parts of an X.509 certificate a CMS signature refers to, as their exact DER bytes. */
export interface CertificateFields {
  der: Buffer;
  serialNumber: DerElement;
  issuer: DerElement;
  subject: DerElement;
}

export function certificateFields(der: Buffer): CertificateFields {
  const [tbs] = children(readDer(der));
  if (!tbs) throw new Error('Not an X.509 certificate');
  const fields = children(tbs);
  // The version is an optional [0] before the serial number.
  const first = fields[0]?.tag === contextTag(0) ? 1 : 0;
  const serialNumber = fields[first];
  const issuer = fields[first + 2];
  const subject = fields[first + 4];
  if (serialNumber?.tag !== TAG.INTEGER || issuer?.tag !== TAG.SEQUENCE || subject?.tag !== TAG.SEQUENCE) {
    throw new Error('Not an X.509 certificate');
  }
  return { der, serialNumber, issuer, subject };
}

/** The first common name (CN) of a distinguished name, or null when it has none. */
export function commonName(name: DerElement): string | null {
  for (const relativeName of children(name)) {
    for (const attribute of children(relativeName)) {
      const [type, value] = children(attribute);
      if (type && value && readOid(type) === OID.commonName) return directoryString(value);
    }
  }
  return null;
}

function directoryString(value: DerElement): string {
  switch (value.tag) {
    case TAG.UTF8_STRING:
      return value.content.toString('utf8');
    case TAG.BMP_STRING:
      return Buffer.from(value.content).swap16().toString('utf16le');
    default:
      // PrintableString, IA5String and TeletexString: single bytes, Latin-1 in practice.
      return value.content.toString('latin1');
  }
}
