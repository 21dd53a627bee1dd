import { Signer } from '@signpdf/signpdf';
import { OID } from '../seal/oids';
import type { Signer as KeySigner } from '../seal/signer';
import type { Timestamper } from '../timestamp/timestamper';
import { buildSignedData } from './signed-data';

/** @signpdf's signer for a PAdES signature: a CAdES detached CMS, with a signature-time-stamp when a timestamper is given (B-T). */
export class CadesSigner extends Signer {
  constructor(private readonly options: { signer: KeySigner; timestamper?: Timestamper | undefined }) {
    super();
  }

  override async sign(pdfWithoutContents: Buffer): Promise<Buffer> {
    const { signer, timestamper } = this.options;
    return buildSignedData({
      signer,
      contentType: OID.data,
      content: pdfWithoutContents,
      ...(timestamper ? { timestamp: (signatureValue: Buffer) => timestamper.timestamp(signatureValue) } : {})
    });
  }
}

/** Room for the CMS beside the certificates: attributes, signature (up to RSA 8192) and DER overhead. */
const SIGNATURE_OVERHEAD = 4096;
/** Room for a timestamp token beside its TSA's certificates. */
const TIMESTAMP_OVERHEAD = 3072;

/** The /Contents to reserve for a CMS by `signer`, in hex digits (two per byte of DER). */
export function cmsPlaceholderLength(signer: KeySigner, timestamper?: Timestamper): number {
  return 2 * (signer.certificates.reduce((total, der) => total + der.length, SIGNATURE_OVERHEAD) +
    (timestamper ? timestamper.tokenSizeHint + TIMESTAMP_OVERHEAD : 0));
}
