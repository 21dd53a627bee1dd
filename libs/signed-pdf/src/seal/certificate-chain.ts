import { type KeyObject, X509Certificate } from 'node:crypto';

/**
 * The certificate of `publicKey` and the CAs above it, as DER, picked from `candidates` in any order
 * (an HSM's certificates, a PEM file, or both): the first certificate whose public key is the key's,
 * then each issuer (name and signature) until a self-signed root or no issuer is found. Null when no
 * candidate certifies the key.
 */
export function certificateChain(publicKey: KeyObject, candidates: Buffer[]): Buffer[] | null {
  const parsed = candidates.map((der) => ({ der, certificate: new X509Certificate(der) }));
  const leaf = parsed.find((entry) => entry.certificate.publicKey.equals(publicKey));
  if (!leaf) return null;
  const chain = [leaf];
  for (let current = leaf; !isSelfSigned(current.certificate);) {
    const issuer = parsed.find((entry) => !chain.includes(entry) && issued(entry.certificate, current.certificate));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain.map((entry) => entry.der);
}

function issued(issuer: X509Certificate, certificate: X509Certificate): boolean {
  return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
}

function isSelfSigned(certificate: X509Certificate): boolean {
  return issued(certificate, certificate);
}
