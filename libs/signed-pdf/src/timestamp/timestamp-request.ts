import { createHash, randomBytes } from 'node:crypto';
import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { MessageImprint, PKIStatus, TimeStampReq, TimeStampResp, TSTInfo } from '@peculiar/asn1-tsp';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { OID } from '../seal/oids';

export interface TimestampRequest {
  der: Buffer;
  digest: Buffer;
  nonce: Buffer;
}

/** A TimeStampReq for the SHA-256 of `data`, with a random nonce and the TSA's certificate asked for. */
export function timestampRequest(data: Buffer): TimestampRequest {
  const digest = createHash('sha256').update(data).digest();
  // Positive and 8 bytes: a leading byte below 0x80 keeps the INTEGER positive.
  const nonce = Buffer.concat([Buffer.from([0x01]), randomBytes(7)]);
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({ hashAlgorithm: new AlgorithmIdentifier({ algorithm: OID.sha256 }), hashedMessage: new OctetString(digest) }),
    nonce: toArrayBuffer(nonce),
    certReq: true
  });
  return { der: Buffer.from(AsnConvert.serialize(request)), digest, nonce };
}

/**
 * The token of a TimeStampResp, once it is granted and its TSTInfo is about this request (same
 * digest, same nonce): a TSA answering another request, or a replay, is an error, not a timestamp.
 */
export function tokenOfResponse(responseDer: Buffer, request: TimestampRequest): Buffer {
  const response = AsnConvert.parse(responseDer, TimeStampResp);
  const { status } = response.status;
  if (status !== PKIStatus.granted && status !== PKIStatus.grantedWithMods) {
    const text = response.status.statusString?.join(' ') ?? '';
    throw new Error(`The TSA refused the request (status ${status}${text ? `: ${text}` : ''})`);
  }
  if (!response.timeStampToken) throw new Error('The TSA granted the request but sent no token');
  const token = Buffer.from(AsnConvert.serialize(response.timeStampToken));
  const info = tstInfoOf(token);
  if (!Buffer.from(info.messageImprint.hashedMessage.buffer).equals(request.digest)) throw new Error('The TSA timestamped another digest');
  if (!info.nonce || !sameInteger(Buffer.from(info.nonce), request.nonce)) throw new Error('The TSA answered with another nonce');
  return token;
}

/** The TSTInfo inside a TimeStampToken. */
export function tstInfoOf(token: Buffer): TSTInfo {
  const contentInfo = AsnConvert.parse(token, ContentInfo);
  const signedData = AsnConvert.parse(contentInfo.content, SignedData);
  const content = signedData.encapContentInfo.eContent;
  const bytes = content?.single?.buffer ?? content?.any;
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo || !bytes) throw new Error('The token holds no TSTInfo');
  return AsnConvert.parse(bytes, TSTInfo);
}

/** INTEGER contents compared as numbers: a leading zero byte only keeps the sign. */
function sameInteger(a: Buffer, b: Buffer): boolean {
  const strip = (bytes: Buffer) => (bytes.length > 1 && bytes[0] === 0 ? bytes.subarray(1) : bytes);
  return strip(a).equals(strip(b));
}

export function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
