import { createPrivateKey, type KeyObject, sign, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { OID } from './oids';

/**
 * Whatever holds the sealing key: it hands out its certificate chain and signs with SHA-256, without
 * ever showing the key, so a PKCS#12 file in memory and a key inside an HSM (PKCS#11) look the same to
 * the CMS builder.
 */
export interface Signer {
  /** The signing certificate first, then the rest of its chain, as DER. */
  certificates: Buffer[];
  keyType: 'rsa' | 'ec';
  /** A SHA-256 signature of `data`: RSA PKCS#1 v1.5, or ECDSA as a DER Ecdsa-Sig-Value. */
  sign(data: Buffer): Promise<Buffer>;
}

/** A Signer over a key already in memory (a PKCS#12 file, the development CA's generated keys). */
export function keySigner(privateKey: KeyObject, certificates: Buffer[]): Signer {
  const keyType = privateKey.asymmetricKeyType;
  if (keyType !== 'rsa' && keyType !== 'ec') throw new Error(`A ${keyType} key cannot seal documents; use an RSA or EC key`);
  return { certificates, keyType, sign: async (data) => sign('sha256', data, privateKey) };
}

/**
 * Reads a PKCS#12 file. node-forge decrypts it; the key and certificates are handed to node:crypto as
 * DER, so EC keys work too (forge itself only understands RSA and passes other keys through as ASN.1).
 */
export function pkcs12Signer(p12: Buffer, passphrase: string): Signer {
  const pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  const bags = (bagType: string) => pfx.getBags({ bagType })[bagType] ?? [];
  const keyBags = [...bags(OID.pkcs8ShroudedKeyBag), ...bags(OID.keyBag)];
  const certificates = bags(OID.certBag).map((bag) => toDer(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1));
  const keyBag = keyBags[0];
  if (!keyBag) throw new Error('The PKCS#12 file holds no private key');
  const privateKey = createPrivateKey({
    key: toDer(keyBag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keyBag.key)) : keyBag.asn1),
    format: 'der',
    type: 'pkcs8'
  });
  const signing = certificates.findIndex((der) => new X509Certificate(der).checkPrivateKey(privateKey));
  if (signing < 0) throw new Error('The PKCS#12 file holds no certificate for its private key');
  return keySigner(privateKey, [certificates[signing]!, ...certificates.filter((_, index) => index !== signing)]);
}

function toDer(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
