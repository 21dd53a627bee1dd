import 'reflect-metadata';
import { constants, generateKeyPairSync, privateEncrypt, randomBytes, webcrypto } from 'node:crypto';
import { p256 } from '@noble/curves/nist';
import * as x509 from '@peculiar/x509';
import * as asn1js from 'asn1js';

x509.cryptoProvider.set(webcrypto as never);

export const CSC_STAND_IN_CA_NAME = 'CSC Stand-in Root CA';

const RSA: webcrypto.RsaHashedKeyGenParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const P256: webcrypto.EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Tolerance for verifiers whose clocks run a little behind. */
const BACKDATE_MS = 5 * 60 * 1000;
/** DigestInfo for SHA-256 up to the digest itself: what RSA PKCS#1 v1.5 signs around a hash. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

const QUALIFIED = {
  qcStatements: '1.3.6.1.5.5.7.1.3',
  qcCompliance: '0.4.0.1862.1.1',
  qcSscd: '0.4.0.1862.1.4',
  qcType: '0.4.0.1862.1.6',
  qcTypeEsign: '0.4.0.1862.1.6.1',
  /** QCP-n-qscd: a qualified certificate of a natural person, key in a qualified device. */
  policyNaturalQscd: '0.4.0.194112.1.2'
} as const;

export interface StandInCa {
  certificate: x509.X509Certificate;
  privateKey: webcrypto.CryptoKey;
}

/** A signing key held by the stand-in; `sign` signs a SHA-256 digest as an HSM does, never the data. */
export interface StandInKey {
  keyType: 'rsa' | 'ec';
  /** SubjectPublicKeyInfo, DER. */
  spki: Buffer;
  /** RSA PKCS#1 v1.5, or ECDSA as DER (`raw`: r || s, as some services answer). */
  sign(hash: Buffer, ecdsaFormat: 'der' | 'raw'): Buffer;
}

export async function createStandInCa(): Promise<StandInCa> {
  const now = Date.now();
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(), name: `CN=${CSC_STAND_IN_CA_NAME}, O=Signet (tests)`, keys, signingAlgorithm: RSA,
    notBefore: new Date(now - BACKDATE_MS), notAfter: new Date(now + 3650 * DAY_MS),
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)
    ]
  });
  return { certificate, privateKey: keys.privateKey };
}

export function generateStandInKey(keyType: 'rsa' | 'ec'): StandInKey {
  if (keyType === 'rsa') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      keyType,
      spki: publicKey.export({ type: 'spki', format: 'der' }),
      sign: (hash) => privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, hash]))
    };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  // node:crypto signs only data it hashes itself; @noble/curves signs a digest given.
  const scalar = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url');
  return {
    keyType,
    spki: publicKey.export({ type: 'spki', format: 'der' }),
    sign: (hash, ecdsaFormat) => {
      const signature = p256.sign(hash, scalar, { prehash: false });
      return Buffer.from(ecdsaFormat === 'der' ? signature.toDERRawBytes() : signature.toCompactRawBytes());
    }
  };
}

export interface QualifiedCertificateOptions {
  key: StandInKey;
  name: string;
  email: string;
  crlUrl: string;
}

/**
 * A signing certificate in the shape of an EU qualified one: qcStatements QcCompliance, QcSSCD and QcType
 * esign, the QCP-n-qscd policy, non-repudiation, the person's name and email, and the CRL the stand-in serves.
 */
export async function issueQualifiedCertificate(ca: StandInCa, options: QualifiedCertificateOptions): Promise<Buffer> {
  const now = Date.now();
  const publicKey = await webcrypto.subtle.importKey('spki', options.key.spki, options.key.keyType === 'ec' ? P256 : RSA, true, ['verify']);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: new x509.Name([{ CN: [{ utf8String: options.name }] }, { E: [{ ia5String: options.email }] }]),
    issuer: ca.certificate.subject,
    notBefore: new Date(now - BACKDATE_MS), notAfter: new Date(now + 365 * DAY_MS),
    publicKey, signingKey: ca.privateKey, signingAlgorithm: RSA,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      new x509.SubjectAlternativeNameExtension([{ type: 'email', value: options.email }]),
      new x509.CertificatePolicyExtension([QUALIFIED.policyNaturalQscd]),
      new x509.Extension(QUALIFIED.qcStatements, false, qcStatements()),
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.certificate),
      new x509.CRLDistributionPointsExtension([options.crlUrl])
    ]
  });
  return Buffer.from(certificate.rawData);
}

/** The CA's CRL (DER): nothing revoked, valid a week. */
export async function issueStandInCrl(ca: StandInCa): Promise<Buffer> {
  const now = Date.now();
  const crl = await x509.X509CrlGenerator.create({
    issuer: ca.certificate.subject,
    thisUpdate: new Date(now - BACKDATE_MS),
    nextUpdate: new Date(now + 7 * DAY_MS),
    signingAlgorithm: RSA,
    signingKey: ca.privateKey,
    extensions: [await x509.AuthorityKeyIdentifierExtension.create(ca.certificate)]
  });
  return Buffer.from(crl.rawData);
}

/** QCStatements ::= SEQUENCE OF QCStatement { statementId, statementInfo OPTIONAL } (RFC 3739, ETSI EN 319 412-5). */
function qcStatements(): ArrayBuffer {
  const oid = (value: string) => new asn1js.ObjectIdentifier({ value });
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [oid(QUALIFIED.qcCompliance)] }),
      new asn1js.Sequence({ value: [oid(QUALIFIED.qcSscd)] }),
      new asn1js.Sequence({ value: [oid(QUALIFIED.qcType), new asn1js.Sequence({ value: [oid(QUALIFIED.qcTypeEsign)] })] })
    ]
  }).toBER();
}

/** Positive and 16 bytes: RFC 5280 asks for unique serials of at most 20 octets. */
function serial(): string {
  return `01${randomBytes(15).toString('hex')}`;
}
