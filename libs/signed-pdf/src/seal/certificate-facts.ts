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
    policies: policyExtension ? leadingOids(Buffer.from(policyExtension.value)) : [],
    qualified: statements !== null && leadingOids(Buffer.from(statements.value)).includes(QC_COMPLIANCE)
  };
}

/**
 * The OID that starts each member of a SEQUENCE OF SEQUENCE: certificatePolicies' policy identifiers,
 * qcStatements' statement ids. Read here because common decoders print arcs past 2^53 (a UUID arc under
 * 2.25, as Signet's own policy is) as something else.
 */
function leadingOids(value: Buffer): string[] {
  try {
    return children(readDer(value)).map((member) => {
      const oid = children(member)[0];
      return oid && oid.tag === TAG.OID ? decodeOid(oid.content) : '';
    }).filter((oid) => oid !== '');
  } catch {
    // A stranger's certificate in a reported PDF may carry a malformed extension: it then names nothing.
    return [];
  }
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
