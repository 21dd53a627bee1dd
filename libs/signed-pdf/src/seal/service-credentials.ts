import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { OID } from './oids';

/** The key that seals documents and its certificate chain, signing certificate first, as DER. */
export interface ServiceCredentials {
  privateKey: KeyObject;
  certificates: Buffer[];
}

/**
 * Reads a PKCS#12 file. node-forge decrypts it; the key and certificates are handed to node:crypto as
 * DER, so EC keys work too (forge itself only understands RSA and passes other keys through as ASN.1).
 */
export function readServiceCredentials(p12: Buffer, passphrase: string): ServiceCredentials {
  const pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  const bags = (bagType: string) => pfx.getBags({ bagType })[bagType] ?? [];
  const keyBags = [...bags(OID.pkcs8ShroudedKeyBag), ...bags(OID.keyBag)];
  const certificates = bags(OID.certBag).map((bag) =>
    toDer(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1)
  );
  const keyBag = keyBags[0];
  if (!keyBag) throw new Error('The PKCS#12 file holds no private key');
  const privateKey = createPrivateKey({
    key: toDer(keyBag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keyBag.key)) : keyBag.asn1),
    format: 'der',
    type: 'pkcs8'
  });
  const signing = certificates.findIndex((der) => new X509Certificate(der).checkPrivateKey(privateKey));
  if (signing < 0) throw new Error('The PKCS#12 file holds no certificate for its private key');
  return { privateKey, certificates: [certificates[signing]!, ...certificates.filter((_, index) => index !== signing)] };
}

function toDer(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
