import { createHash } from 'node:crypto';
import {
  Attribute, CertificateChoices, CertificateSet, ContentInfo, DigestAlgorithmIdentifiers, EncapsulatedContent, EncapsulatedContentInfo, IssuerAndSerialNumber,
  SignedData, SignerIdentifier, SignerInfo, SignerInfos
} from '@peculiar/asn1-cms';
import { AsnConvert, AsnSerializer, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Certificate, GeneralName, GeneralNames } from '@peculiar/asn1-x509';
import * as asn1js from 'asn1js';
import { OID } from '../seal/oids';
import type { Signer } from '../seal/signer';

export interface SignedDataInput {
  signer: Signer;
  /** id-data for a detached PDF signature, id-ct-TSTInfo for a timestamp token. */
  contentType: string;
  /** The content to sign; it is encapsulated only when `attached` (a timestamp token carries its TSTInfo). */
  content: Buffer;
  attached?: boolean;
  /** Asked for the token of the signature value once it is known (the signature-time-stamp, PAdES B-T). */
  timestamp?: (signatureValue: Buffer) => Promise<Buffer>;
}

/**
 * A CMS SignedData (RFC 5652) with one signer, as CAdES baseline wants it: SHA-256, signed attributes
 * content-type, message-digest and signing-certificate-v2 (which binds the certificate to the
 * signature), and no signing-time attribute (PAdES takes the claimed time from /M, a timestamp token
 * from its TSTInfo). The signed attributes are DER: a SET OF sorted by encoding, and the signature is
 * over exactly those bytes.
 */
export async function buildSignedData(input: SignedDataInput): Promise<Buffer> {
  const [signerDer, ...chain] = input.signer.certificates;
  if (!signerDer) throw new Error('No signing certificate');
  const certificate = AsnConvert.parse(signerDer, Certificate);
  const { issuer, serialNumber } = certificate.tbsCertificate;

  const signedAttributes = sortedAttributes([
    new Attribute({ attrType: OID.contentType, attrValues: [der(new asn1js.ObjectIdentifier({ value: input.contentType }))] }),
    new Attribute({ attrType: OID.messageDigest, attrValues: [der(new asn1js.OctetString({ valueHex: sha256(input.content) }))] }),
    new Attribute({ attrType: OID.signingCertificateV2, attrValues: [signingCertificateV2(signerDer, certificate)] })
  ]);
  const signatureValue = await input.signer.sign(setOfEncoding(signedAttributes));
  const unsignedAttrs = input.timestamp
    ? [new Attribute({ attrType: OID.signatureTimeStampToken, attrValues: [toArrayBuffer(await input.timestamp(signatureValue))] })]
    : undefined;

  const digestAlgorithm = new AlgorithmIdentifier({ algorithm: OID.sha256 });
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new SignerIdentifier({ issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer, serialNumber }) }),
    digestAlgorithm,
    signedAttrs: signedAttributes,
    signatureAlgorithm: input.signer.keyType === 'rsa'
      // rsaEncryption with NULL parameters, as RFC 3370 asks and every validator accepts.
      ? new AlgorithmIdentifier({ algorithm: OID.rsaEncryption, parameters: null })
      : new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: new OctetString(signatureValue),
    ...(unsignedAttrs ? { unsignedAttrs } : {})
  });
  const signedData = new SignedData({
    // Version 3 when the encapsulated content is not id-data (RFC 5652 5.1), as in a timestamp token.
    version: input.contentType === OID.data ? 1 : 3,
    digestAlgorithms: new DigestAlgorithmIdentifiers([digestAlgorithm]),
    encapContentInfo: new EncapsulatedContentInfo({
      eContentType: input.contentType,
      ...(input.attached ? { eContent: new EncapsulatedContent({ single: new OctetString(input.content) }) } : {})
    }),
    // A SET OF, so in DER order like the attributes: validators find the signer by issuer and serial.
    certificates: new CertificateSet(
      [signerDer, ...chain].sort(Buffer.compare).map((item) => new CertificateChoices({ certificate: AsnConvert.parse(item, Certificate) }))
    ),
    signerInfos: new SignerInfos([signerInfo])
  });
  return Buffer.from(AsnConvert.serialize(new ContentInfo({ contentType: OID.signedData, content: AsnConvert.serialize(signedData) })));
}

/**
 * SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { certHash, issuerSerial } } (RFC 5035), the
 * hash algorithm left out because it is the default (SHA-256), as DER requires for default values.
 * No schema library ships the ESS types, so they are assembled from asn1js nodes.
 */
function signingCertificateV2(certificateDer: Buffer, certificate: Certificate): ArrayBuffer {
  const issuerSerial = new asn1js.Sequence({
    value: [
      AsnSerializer.toASN(new GeneralNames([new GeneralName({ directoryName: certificate.tbsCertificate.issuer })])) as asn1js.Sequence,
      new asn1js.Integer({ valueHex: certificate.tbsCertificate.serialNumber })
    ]
  });
  const essCertId = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: sha256(certificateDer) }), issuerSerial] });
  return der(new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] }));
}

/** DER orders the members of a SET OF by their encodings. */
function sortedAttributes(attributes: Attribute[]): Attribute[] {
  return attributes
    .map((attribute) => ({ attribute, encoding: Buffer.from(AsnConvert.serialize(attribute)) }))
    .sort((a, b) => Buffer.compare(a.encoding, b.encoding))
    .map(({ attribute }) => attribute);
}

/** The signed attributes as the signature covers them: tagged as a SET OF rather than [0] IMPLICIT. */
function setOfEncoding(attributes: Attribute[]): Buffer {
  const set = new asn1js.Set({ value: attributes.map((attribute) => AsnSerializer.toASN(attribute) as asn1js.Sequence) });
  return Buffer.from(set.toBER(false));
}

function der(node: asn1js.BaseBlock): ArrayBuffer {
  return node.toBER(false);
}

function sha256(bytes: Buffer): ArrayBuffer {
  return toArrayBuffer(createHash('sha256').update(bytes).digest());
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
