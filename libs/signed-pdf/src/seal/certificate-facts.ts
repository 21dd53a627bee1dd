import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { children, readDer, TAG } from './der';

/** id-qcs-pkixQCSyntax's QcCompliance statement (ETSI EN 319 412-5): the certificate is an EU qualified certificate. */
const QC_COMPLIANCE = '0.4.0.1862.1.1';
const QC_STATEMENTS = '1.3.6.1.5.5.7.1.3';
const CERTIFICATE_POLICIES = '2.5.29.32';

/** What a signer's certificate says of itself beyond its names: validity, policies, and whether it claims to be qualified. */
export interface CertificateFacts {
  notBefore: Date;
  notAfter: Date;
  /** Certificate policy OIDs. */
  policies: string[];
  /** A qcStatements extension holding QcCompliance. */
  qualified: boolean;
}

export function certificateFacts(der: Buffer): CertificateFacts {
  const certificate = new x509.X509Certificate(der);
  const policyExtension = certificate.getExtension(CERTIFICATE_POLICIES);
  const statements = certificate.getExtension(QC_STATEMENTS);
  return {
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    policies: policyExtension ? policyOids(Buffer.from(policyExtension.value)) : [],
    // The statements are a DER SEQUENCE of OIDs and values: the QcCompliance OID's encoding is enough to tell.
    qualified: statements !== null && Buffer.from(statements.value).includes(oidBytes(QC_COMPLIANCE))
  };
}

/**
 * certificatePolicies' policy identifiers, read here because common decoders print arcs past 2^53 (a
 * UUID arc under 2.25, as Signet's own policy is) as something else.
 */
function policyOids(value: Buffer): string[] {
  return children(readDer(value)).map((information) => {
    const oid = children(information)[0];
    return oid && oid.tag === TAG.OID ? decodeOid(oid.content) : '';
  }).filter((oid) => oid !== '');
}

function decodeOid(content: Buffer): string {
  const arcs: bigint[] = [];
  let value = 0n;
  for (const byte of content) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0n;
    }
  }
  const [first = 0n, ...rest] = arcs;
  const head = first < 80n ? [first / 40n, first % 40n] : [2n, first - 80n];
  return [...head, ...rest].join('.');
}

function oidBytes(oid: string): Buffer {
  const [first, second, ...rest] = oid.split('.').map(Number);
  const body: number[] = [first! * 40 + second!];
  for (const arc of rest) {
    const bytes = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) bytes.unshift((value & 0x7f) | 0x80);
    body.push(...bytes);
  }
  return Buffer.from([0x06, body.length, ...body]);
}
