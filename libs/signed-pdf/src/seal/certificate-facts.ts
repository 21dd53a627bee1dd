import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

/** id-qcs-pkixQCSyntax's QcCompliance statement (ETSI EN 319 412-5): the certificate is an EU qualified certificate. */
const QC_COMPLIANCE = '0.4.0.1862.1.1';
const QC_STATEMENTS = '1.3.6.1.5.5.7.1.3';

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
  const policies = certificate.getExtension(x509.CertificatePolicyExtension)?.policies ?? [];
  const statements = certificate.getExtension(QC_STATEMENTS);
  return {
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    policies: [...policies],
    // The statements are a DER SEQUENCE of OIDs and values: the QcCompliance OID's encoding is enough to tell.
    qualified: statements !== null && Buffer.from(statements.value).includes(oidBytes(QC_COMPLIANCE))
  };
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
