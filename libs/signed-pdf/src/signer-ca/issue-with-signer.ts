import { createHash, randomBytes } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier, AttributeTypeAndValue, AttributeValue, AuthorityKeyIdentifier, BasicConstraints, Certificate, CertificateList,
  CertificatePolicies, CRLDistributionPoints, DistributionPoint, DistributionPointName, Extension, Extensions, GeneralName, id_ce_authorityKeyIdentifier,
  id_ce_basicConstraints, id_ce_certificatePolicies, id_ce_cRLDistributionPoints, id_ce_keyUsage, id_ce_subjectAltName, id_ce_subjectKeyIdentifier,
  KeyIdentifier, KeyUsage, KeyUsageFlags, Name, PolicyInformation, RelativeDistinguishedName, SubjectAlternativeName, SubjectKeyIdentifier,
  SubjectPublicKeyInfo, TBSCertificate, TBSCertList, Time, Validity, Version
} from '@peculiar/asn1-x509';
import type { Signer } from '../seal/signer';

/** One attribute of a subject: the OID and the text, UTF-8 but for the email address (IA5String, as RFC 5280 asks). */
export interface SubjectAttribute {
  type: string;
  value: string;
}

export const NAME_OIDS = {
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  organization: '2.5.4.10',
  description: '2.5.4.13',
  telephoneNumber: '2.5.4.20',
  emailAddress: '1.2.840.113549.1.9.1'
} as const;

export interface EndEntityOptions {
  subject: SubjectAttribute[];
  /** SubjectPublicKeyInfo, DER. */
  publicKey: Buffer;
  notBefore: Date;
  notAfter: Date;
  policyOid: string;
  email: string;
  crlUrl: string;
}

/**
 * A signing certificate for one act, issued by a CA whose key is only reachable through `ca` (memory,
 * PKCS#12 or an HSM): the TBSCertificate is built here and signed by the CA's Signer, since
 * certificate generators want a WebCrypto key, which an HSM cannot give.
 */
export async function issueEndEntityCertificate(ca: Signer, options: EndEntityOptions): Promise<Buffer> {
  const issuerCertificate = AsnConvert.parse(ca.certificates[0]!, Certificate);
  const algorithm = signatureAlgorithm(ca);
  const spki = AsnConvert.parse(options.publicKey, SubjectPublicKeyInfo);
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serialNumber(),
    signature: algorithm,
    issuer: issuerCertificate.tbsCertificate.subject,
    validity: new Validity({ notBefore: options.notBefore, notAfter: options.notAfter }),
    subject: subjectName(options.subject),
    subjectPublicKeyInfo: spki,
    extensions: new Extensions([
      extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: false })),
      extension(id_ce_keyUsage, true, new KeyUsage(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation)),
      extension(id_ce_certificatePolicies, false, new CertificatePolicies([new PolicyInformation({ policyIdentifier: options.policyOid })])),
      extension(id_ce_subjectAltName, false, new SubjectAlternativeName([new GeneralName({ rfc822Name: options.email })])),
      extension(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyIdentifier(spki))),
      extension(id_ce_authorityKeyIdentifier, false, authorityKeyIdentifier(issuerCertificate)),
      extension(id_ce_cRLDistributionPoints, false, new CRLDistributionPoints([
        new DistributionPoint({ distributionPoint: new DistributionPointName({ fullName: [new GeneralName({ uniformResourceIdentifier: options.crlUrl })] }) })
      ]))
    ])
  });
  const signature = await ca.sign(Buffer.from(AsnConvert.serialize(tbs)));
  return Buffer.from(AsnConvert.serialize(new Certificate({ tbsCertificate: tbs, signatureAlgorithm: algorithm, signatureValue: toArrayBuffer(signature) })));
}

/** The CA's CRL (DER), nothing revoked: its certificates live minutes, so none outlives a revocation. */
export async function issueCrlWithSigner(ca: Signer, thisUpdate: Date, nextUpdate: Date): Promise<Buffer> {
  const issuerCertificate = AsnConvert.parse(ca.certificates[0]!, Certificate);
  const algorithm = signatureAlgorithm(ca);
  const tbs = new TBSCertList({
    version: Version.v2,
    signature: algorithm,
    issuer: issuerCertificate.tbsCertificate.subject,
    thisUpdate: new Time(thisUpdate),
    nextUpdate: new Time(nextUpdate),
    crlExtensions: [extension(id_ce_authorityKeyIdentifier, false, authorityKeyIdentifier(issuerCertificate))]
  });
  const signature = await ca.sign(Buffer.from(AsnConvert.serialize(tbs)));
  return Buffer.from(AsnConvert.serialize(new CertificateList({ tbsCertList: tbs, signatureAlgorithm: algorithm, signature: toArrayBuffer(signature) })));
}

function subjectName(attributes: SubjectAttribute[]): Name {
  return new Name(attributes.map(({ type, value }) => new RelativeDistinguishedName([
    new AttributeTypeAndValue({ type, value: new AttributeValue(type === NAME_OIDS.emailAddress ? { ia5String: value } : { utf8String: value }) })
  ])));
}

function extension(extnID: string, critical: boolean, value: object): Extension {
  return new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
}

/** sha256WithRSAEncryption (NULL parameters) or ecdsa-with-SHA256 (none), as the CA's key is. */
function signatureAlgorithm(ca: Signer): AlgorithmIdentifier {
  return ca.keyType === 'rsa'
    ? new AlgorithmIdentifier({ algorithm: '1.2.840.113549.1.1.11', parameters: null })
    : new AlgorithmIdentifier({ algorithm: '1.2.840.10045.4.3.2' });
}

/** The issuer's own subject key identifier, as validators match them; computed only when the issuer has none. */
function authorityKeyIdentifier(issuer: Certificate): AuthorityKeyIdentifier {
  const own = issuer.tbsCertificate.extensions?.find((candidate) => candidate.extnID === id_ce_subjectKeyIdentifier);
  const identifier = own ? AsnConvert.parse(own.extnValue, SubjectKeyIdentifier).buffer : keyIdentifier(issuer.tbsCertificate.subjectPublicKeyInfo);
  return new AuthorityKeyIdentifier({ keyIdentifier: new KeyIdentifier(identifier) });
}

/** RFC 5280's method 1: the SHA-1 of the subjectPublicKey bits. */
function keyIdentifier(spki: SubjectPublicKeyInfo): ArrayBuffer {
  return toArrayBuffer(createHash('sha1').update(Buffer.from(spki.subjectPublicKey)).digest());
}

/** Positive and 16 bytes: unique, and within RFC 5280's 20 octets. */
function serialNumber(): ArrayBuffer {
  return toArrayBuffer(Buffer.concat([Buffer.from([0x01]), randomBytes(15)]));
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
