import 'reflect-metadata';
import { createPrivateKey, randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { keySigner, type Signer } from '../seal/signer';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as never);

const RSA: webcrypto.RsaHashedKeyGenParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Tolerance for verifiers whose clocks run a little behind. */
const BACKDATE_MS = 5 * 60 * 1000;

export const DEVELOPMENT_NAMES = {
  ca: 'Signet Development CA — not for production',
  seal: 'Signet Development Seal — not for production',
  tsa: 'Signet Development TSA — not for production',
  signerCa: 'Signet Development Signer CA — not for production'
} as const;

/** A key and its certificate, both DER (the key as PKCS#8), so they can be stored and read back. */
export interface KeyAndCertificate {
  privateKey: Buffer;
  certificate: Buffer;
}

/** The development trust chain: a CA, the seal certificate and the TSA certificate it issued. */
export interface DevelopmentPki {
  ca: KeyAndCertificate;
  seal: KeyAndCertificate;
  tsa: KeyAndCertificate;
  /** Where the CA's CRL is published; written into the certificates it issues. */
  crlUrl: string;
}

export interface DevelopmentPkiOptions {
  crlUrl: string;
  now: Date;
  /** 3650 (ten years) by default: the seal should outlive the documents it signs. */
  validDays?: number;
}

/**
 * Creates the local development CA (named so nobody mistakes it for a real one) and the certificates it
 * issues for the seal and for the built-in TSA, so the whole PAdES B-LTA pipeline runs offline and a
 * validator that trusts this CA can say "trusted". Keys are RSA 2048 made by node:crypto's WebCrypto;
 * @peculiar/x509 builds the certificates.
 */
export async function createDevelopmentPki(options: DevelopmentPkiOptions): Promise<DevelopmentPki> {
  const notBefore = new Date(options.now.getTime() - BACKDATE_MS);
  const notAfter = new Date(options.now.getTime() + (options.validDays ?? 3650) * DAY_MS);
  const caKeys = await generateKeys();
  const caCertificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(), name: `CN=${DEVELOPMENT_NAMES.ca}, O=Signet (development)`, notBefore, notAfter, keys: caKeys,
    signingAlgorithm: RSA,
    extensions: [
      // One level of CAs may sit below it (a signer CA whose key is in an HSM, say); certificates below those are end entities.
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey)
    ]
  });
  const ca = { privateKey: await exportKey(caKeys.privateKey), certificate: Buffer.from(caCertificate.rawData) };
  const sealKeys = await generateKeys();
  const tsaKeys = await generateKeys();
  const seal = await issueCertificate(ca, {
    publicKey: await publicKeySpki(sealKeys.publicKey), commonName: DEVELOPMENT_NAMES.seal, usage: 'seal', crlUrl: options.crlUrl, notBefore, notAfter
  });
  const tsa = await issueCertificate(ca, {
    publicKey: await publicKeySpki(tsaKeys.publicKey), commonName: DEVELOPMENT_NAMES.tsa, usage: 'timestamping', crlUrl: options.crlUrl, notBefore, notAfter
  });
  return {
    ca,
    seal: { privateKey: await exportKey(sealKeys.privateKey), certificate: seal },
    tsa: { privateKey: await exportKey(tsaKeys.privateKey), certificate: tsa },
    crlUrl: options.crlUrl
  };
}

/**
 * The development signer CA: a root of its own, apart from the seal's, which certifies each signer's
 * act key (advanced signatures), so a validator can trust signers and the seal separately.
 */
export async function createDevelopmentSignerCa(options: { now: Date; validDays?: number }): Promise<KeyAndCertificate> {
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(), name: `CN=${DEVELOPMENT_NAMES.signerCa}, O=Signet (development)`,
    notBefore: new Date(options.now.getTime() - BACKDATE_MS), notAfter: new Date(options.now.getTime() + (options.validDays ?? 3650) * DAY_MS),
    keys, signingAlgorithm: RSA,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)
    ]
  });
  return { privateKey: await exportKey(keys.privateKey), certificate: Buffer.from(certificate.rawData) };
}

export interface IssueOptions {
  /** SubjectPublicKeyInfo, DER: a key made elsewhere (inside an HSM, say) can be certified too. */
  publicKey: Buffer;
  commonName: string;
  usage: 'seal' | 'timestamping' | 'ca';
  crlUrl: string;
  notBefore: Date;
  notAfter: Date;
}

/**
 * A certificate issued by the CA: a seal (digital signature, non-repudiation), a TSA (timeStamping,
 * critical) or a CA below it that issues end-entity certificates only (a signer CA, say).
 */
export async function issueCertificate(ca: KeyAndCertificate, options: IssueOptions): Promise<Buffer> {
  const caCertificate = new x509.X509Certificate(ca.certificate);
  const publicKey = await webcrypto.subtle.importKey('spki', options.publicKey, keyAlgorithmOf(options.publicKey), true, ['verify']);
  const usages = {
    seal: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true)],
    timestamping: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true), new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true)],
    ca: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)]
  }[options.usage];
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial(), subject: `CN=${options.commonName}, O=Signet (development)`, issuer: caCertificate.subject,
    notBefore: options.notBefore, notAfter: options.notAfter, publicKey, signingKey: await importKey(ca.privateKey), signingAlgorithm: RSA,
    extensions: [
      options.usage === 'ca' ? new x509.BasicConstraintsExtension(true, 0, true) : new x509.BasicConstraintsExtension(false, undefined, true),
      ...usages,
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCertificate),
      new x509.CRLDistributionPointsExtension([options.crlUrl])
    ]
  });
  return Buffer.from(certificate.rawData);
}

/** The CA's current CRL (DER): nothing revoked, valid for `validDays` from `now`. */
export async function issueCrl(ca: KeyAndCertificate, now: Date, validDays = 7): Promise<Buffer> {
  const caCertificate = new x509.X509Certificate(ca.certificate);
  const crl = await x509.X509CrlGenerator.create({
    issuer: caCertificate.subject,
    thisUpdate: new Date(now.getTime() - BACKDATE_MS),
    nextUpdate: new Date(now.getTime() + validDays * DAY_MS),
    signingAlgorithm: RSA,
    signingKey: await importKey(ca.privateKey),
    extensions: [await x509.AuthorityKeyIdentifierExtension.create(caCertificate)]
  });
  return Buffer.from(crl.rawData);
}

/** A Signer over a stored key and its certificate, with the rest of the chain after it. */
export function signerOf(pair: KeyAndCertificate, chain: Buffer[]): Signer {
  return keySigner(createPrivateKey({ key: pair.privateKey, format: 'der', type: 'pkcs8' }), [pair.certificate, ...chain]);
}

export function pemOf(der: Buffer, label = 'CERTIFICATE'): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

async function generateKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
}

async function exportKey(key: CryptoKey): Promise<Buffer> {
  return Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
}

async function importKey(pkcs8: Buffer): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, RSA, false, ['sign']);
}

async function publicKeySpki(key: CryptoKey): Promise<Buffer> {
  return Buffer.from(await webcrypto.subtle.exportKey('spki', key));
}

function keyAlgorithmOf(spki: Buffer): webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams {
  const algorithm = new x509.PublicKey(spki).algorithm;
  return algorithm.name === 'ECDSA' ? { name: 'ECDSA', namedCurve: (algorithm as webcrypto.EcKeyAlgorithm).namedCurve } : RSA;
}

/** Positive and 16 bytes: RFC 5280 asks for unique serials of at most 20 octets. */
function serial(): string {
  return `01${randomBytes(15).toString('hex')}`;
}
