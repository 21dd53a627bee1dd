import { SignPdf, Signer } from '@signpdf/signpdf';
import { PDFHexString, PDFName, PDFNumber } from 'pdf-lib';
import { addSignatureField } from '../revision/signature-field';
import type { Timestamper } from '../timestamp/timestamper';
import { appendIncrementalUpdate } from './incremental-update';

/** Room for the token in /Contents, in bytes, beside what the timestamper says its tokens take. */
const TOKEN_MARGIN = 2048;
const BYTE_RANGE_PLACEHOLDER = PDFName.of('**********');

class TokenSigner extends Signer {
  constructor(private readonly timestamper: Timestamper) {
    super();
  }

  override async sign(covered: Buffer): Promise<Buffer> {
    return this.timestamper.timestamp(covered);
  }
}

/**
 * Adds a document timestamp (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161) in an incremental update:
 * an RFC 3161 token over the whole file as it then is, /DSS included, which protects that validation
 * data and the signatures before it (PAdES B-LTA). A later one, before this TSA's certificate expires,
 * extends the protection again.
 */
export async function addDocumentTimestamp(pdf: Uint8Array, timestamper: Timestamper): Promise<Buffer> {
  const withPlaceholder = await appendIncrementalUpdate(pdf, (document) => {
    const timestamp = document.context.obj({});
    timestamp.set(PDFName.of('Type'), PDFName.of('DocTimeStamp'));
    timestamp.set(PDFName.of('Filter'), PDFName.of('Adobe.PPKLite'));
    timestamp.set(PDFName.of('SubFilter'), PDFName.of('ETSI.RFC3161'));
    timestamp.set(PDFName.of('ByteRange'), document.context.obj([PDFNumber.of(0), BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER]));
    timestamp.set(PDFName.of('Contents'), PDFHexString.of('0'.repeat(2 * (timestamper.tokenSizeHint + TOKEN_MARGIN))));
    return addSignatureField(document, timestamp, 'DocumentTimestamp');
  });
  return new SignPdf().sign(withPlaceholder, new TokenSigner(timestamper));
}
