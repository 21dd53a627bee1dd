import { randomBytes } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Accuracy, PKIFreeText, PKIStatus, PKIStatusInfo, TimeStampReq, TimeStampResp, TimeStampToken, TSTInfo } from '@peculiar/asn1-tsp';
import { buildSignedData } from '../cms/signed-data';
import { OID } from '../seal/oids';
import type { Signer } from '../seal/signer';
import { timestampRequest, tokenOfResponse, toArrayBuffer } from './timestamp-request';
import type { Timestamper } from './timestamper';

export interface TimestampAuthorityOptions {
  /** The TSA's key and certificate (extended key usage timeStamping, critical). */
  signer: Signer;
  /** The policy the tokens claim to follow. */
  policy: string;
  clock: () => Date;
}

export interface TimestampAuthority {
  /** Answers a DER TimeStampReq with a DER TimeStampResp (a refusal when the request cannot be read). */
  respond(requestDer: Buffer): Promise<Buffer>;
  /** Timestamps in process, through the same request and checks as a remote TSA. */
  timestamper: Timestamper;
}

const SUPPORTED_DIGESTS = new Set([OID.sha256, '2.16.840.1.101.3.4.2.2', '2.16.840.1.101.3.4.2.3']);

/**
 * A small RFC 3161 TSA: the development TSA that monolith mode runs when no TSA_URL is configured, so
 * signatures are timestamped (PAdES B-T and beyond) without a network. Its time is the process clock.
 */
export function timestampAuthority(options: TimestampAuthorityOptions): TimestampAuthority {
  async function respond(requestDer: Buffer): Promise<Buffer> {
    let request: TimeStampReq;
    try {
      request = AsnConvert.parse(requestDer, TimeStampReq);
    } catch {
      return refusal('badDataFormat');
    }
    if (!SUPPORTED_DIGESTS.has(request.messageImprint.hashAlgorithm.algorithm)) return refusal('badAlg');
    if (request.reqPolicy && request.reqPolicy !== options.policy) return refusal('unacceptedPolicy');
    const info = new TSTInfo({
      version: 1,
      policy: options.policy,
      messageImprint: request.messageImprint,
      serialNumber: toArrayBuffer(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
      genTime: new Date(Math.floor(options.clock().getTime() / 1000) * 1000),
      accuracy: new Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {})
    });
    const signer = request.certReq ? options.signer : { ...options.signer, certificates: options.signer.certificates.slice(0, 1) };
    const token = await buildSignedData({ signer, contentType: OID.tstInfo, content: Buffer.from(AsnConvert.serialize(info)), attached: true });
    const response = new TimeStampResp({
      status: new PKIStatusInfo({ status: PKIStatus.granted }),
      timeStampToken: AsnConvert.parse(token, TimeStampToken)
    });
    return Buffer.from(AsnConvert.serialize(response));
  }

  return {
    respond,
    timestamper: {
      tokenSizeHint: 2 * options.signer.certificates.reduce((total, der) => total + der.length, 2048),
      async timestamp(data) {
        const request = timestampRequest(data);
        return tokenOfResponse(await respond(request.der), request);
      }
    }
  };
}

function refusal(reason: string): Buffer {
  const status = new PKIStatusInfo({ status: PKIStatus.rejection, statusString: new PKIFreeText([reason]) });
  return Buffer.from(AsnConvert.serialize(new TimeStampResp({ status })));
}
