import { type CertificateFields, certificateFields } from './certificate-fields';
import { children, contextTag, type DerElement, readDer, readOid, TAG } from './der';
import { OID } from './oids';

/** The one signer of a PDF signature's CMS SignedData (RFC 5652), with its exact encodings. */
export interface SignerInfo {
  issuer: Buffer;
  serialNumber: Buffer;
  digestAlgorithm: string;
  /** The signed attributes as stored, tag [0]; the signature is over them re-tagged as a SET. */
  signedAttributes: DerElement;
  attributes: Map<string, DerElement[]>;
  signatureAlgorithm: string;
  signature: Buffer;
  unsignedAttributes: Map<string, DerElement[]>;
}

export interface SignedData {
  /** The encapsulated content type and, when attached (a timestamp token's TSTInfo), its bytes. */
  contentType: string;
  content: Buffer | null;
  certificates: CertificateFields[];
  signer: SignerInfo;
}

/** Throws on anything that is not a SignedData with exactly one signer identified by issuer and serial. */
export function parseSignedData(cms: Buffer): SignedData {
  const [contentType, content] = children(readDer(cms));
  if (!contentType || readOid(contentType) !== OID.signedData || content?.tag !== contextTag(0)) {
    throw new Error('Not a CMS SignedData');
  }
  const [signedData] = children(content);
  if (!signedData) throw new Error('Empty SignedData');
  const parts = children(signedData);
  const [encapsulatedType, encapsulated] = parts[2] ? children(parts[2]) : [];
  if (!encapsulatedType) throw new Error('SignedData without encapsulated content info');
  const [eContent] = encapsulated?.tag === contextTag(0) ? children(encapsulated) : [];
  const certificateSet = parts.find((part) => part.tag === contextTag(0));
  const signerInfos = parts[parts.length - 1];
  if (signerInfos?.tag !== TAG.SET) throw new Error('SignedData without signer infos');
  const signers = children(signerInfos);
  if (signers.length !== 1) throw new Error(`SignedData with ${signers.length} signers`);
  return {
    contentType: readOid(encapsulatedType),
    content: eContent?.tag === TAG.OCTET_STRING ? eContent.content : null,
    certificates: certificateSet
      ? children(certificateSet).filter((item) => item.tag === TAG.SEQUENCE).map((item) => certificateFields(item.bytes))
      : [],
    signer: parseSignerInfo(signers[0]!)
  };
}

function parseSignerInfo(signerInfo: DerElement): SignerInfo {
  const [, sid, digestAlgorithm, signedAttributes, signatureAlgorithm, signature, unsignedAttributes] = children(signerInfo);
  if (sid?.tag !== TAG.SEQUENCE) throw new Error('The signer is not identified by issuer and serial number');
  if (signedAttributes?.tag !== contextTag(0)) throw new Error('The signer has no signed attributes');
  if (signature?.tag !== TAG.OCTET_STRING) throw new Error('The signer has no signature value');
  const [issuer, serialNumber] = children(sid);
  if (!issuer || !serialNumber || !digestAlgorithm || !signatureAlgorithm) throw new Error('Incomplete signer info');
  return {
    issuer: issuer.bytes,
    serialNumber: serialNumber.bytes,
    digestAlgorithm: algorithmOid(digestAlgorithm),
    signedAttributes,
    attributes: attributeMap(signedAttributes),
    signatureAlgorithm: algorithmOid(signatureAlgorithm),
    signature: signature.content,
    unsignedAttributes: unsignedAttributes?.tag === contextTag(1) ? attributeMap(unsignedAttributes) : new Map()
  };
}

function attributeMap(signedAttributes: DerElement): Map<string, DerElement[]> {
  const attributes = new Map<string, DerElement[]>();
  for (const attribute of children(signedAttributes)) {
    const [type, values] = children(attribute);
    if (!type || values?.tag !== TAG.SET) throw new Error('Malformed attribute');
    attributes.set(readOid(type), children(values));
  }
  return attributes;
}

function algorithmOid(algorithmIdentifier: DerElement): string {
  const [algorithm] = children(algorithmIdentifier);
  if (!algorithm) throw new Error('Empty algorithm identifier');
  return readOid(algorithm);
}
