import { createHash, type KeyObject, sign } from 'node:crypto';
import { type CertificateFields, certificateFields } from './certificate-fields';
import { contextTag, derNull, encode, octetString, oid, sequence, setOf, smallInteger } from './der';
import { OID } from './oids';
import type { ServiceCredentials } from './service-credentials';

/**
 * A detached CMS SignedData over `content` as PAdES baseline B-B (ETSI EN 319 142-1) wants it: SHA-256,
 * signed attributes content-type, message-digest and signing-certificate-v2 (which binds the
 * certificate to the signature), and no signing-time attribute, because PAdES takes the claimed time
 * from the signature dictionary's /M.
 */
export function cadesSignedData(content: Buffer, credentials: ServiceCredentials): Buffer {
  const [signerDer] = credentials.certificates;
  if (!signerDer) throw new Error('No signing certificate');
  const signer = certificateFields(signerDer);
  const sha256 = sequence(oid(OID.sha256));
  const issuerAndSerial = sequence(signer.issuer.bytes, signer.serialNumber.bytes);

  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(createHash('sha256').update(content).digest())),
    attribute(
      OID.signingCertificateV2,
      // ESSCertIDv2 with the default hash (SHA-256) left out, as DER requires for default values.
      sequence(sequence(sequence(octetString(createHash('sha256').update(signerDer).digest()), issuerSerial(signer))))
    )
  ];
  // The signature is computed over the attributes encoded as a SET, then stored with tag [0].
  const signedAttributes = setOf(...attributes);
  const signatureAlgorithm = signatureAlgorithmFor(credentials.privateKey);
  const signature = sign('sha256', signedAttributes, credentials.privateKey);

  const signerInfo = sequence(
    smallInteger(1),
    issuerAndSerial,
    sha256,
    Buffer.concat([Buffer.from([contextTag(0)]), signedAttributes.subarray(1)]),
    signatureAlgorithm,
    octetString(signature)
  );
  const signedData = sequence(
    smallInteger(1),
    setOf(sha256),
    sequence(oid(OID.data)),
    encode(contextTag(0), ...credentials.certificates),
    setOf(signerInfo)
  );
  return sequence(oid(OID.signedData), encode(contextTag(0), signedData));
}

function signatureAlgorithmFor(key: KeyObject): Buffer {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return sequence(oid(OID.rsaEncryption), derNull());
    case 'ec':
      return sequence(oid(OID.ecdsaWithSha256));
    default:
      throw new Error(`A ${key.asymmetricKeyType} key cannot seal documents; use an RSA or EC key`);
  }
}

function attribute(type: string, value: Buffer): Buffer {
  return sequence(oid(type), setOf(value));
}

/** IssuerSerial: the issuer as a directoryName GeneralName ([4]) and the serial number. */
function issuerSerial(signer: CertificateFields): Buffer {
  return sequence(sequence(encode(contextTag(4), signer.issuer.bytes)), signer.serialNumber.bytes);
}
