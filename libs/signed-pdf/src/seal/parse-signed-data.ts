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
}

export interface SignedData {
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
  const certificateSet = parts.find((part) => part.tag === contextTag(0));
  const signerInfos = parts[parts.length - 1];
  if (signerInfos?.tag !== TAG.SET) throw new Error('SignedData without signer infos');
  const signers = children(signerInfos);
  if (signers.length !== 1) throw new Error(`SignedData with ${signers.length} signers`);
  return {
    certificates: certificateSet
      ? children(certificateSet).filter((item) => item.tag === TAG.SEQUENCE).map((item) => certificateFields(item.bytes))
      : [],
    signer: parseSignerInfo(signers[0]!)
  };
}

function parseSignerInfo(signerInfo: DerElement): SignerInfo {
  const [, sid, digestAlgorithm, signedAttributes, signatureAlgorithm, signature] = children(signerInfo);
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
    signature: signature.content
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
