import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { CadesSigner, cmsPlaceholderLength } from '../cms/cades-signer';
import { appendChanges } from '../ltv/incremental-update';
import type { Signer } from '../seal/signer';
import type { Timestamper } from '../timestamp/timestamper';
import { addSignatureField } from './signature-field';

export interface RevisionSignature {
  signer: Signer;
  /** With a timestamper the signature gets a signature-time-stamp (PAdES B-T). */
  timestamper?: Timestamper | undefined;
  /** /Name, /Reason and /Location of the signature dictionary, any script (written as UTF-16). */
  name: string;
  reason: string;
  location?: string;
  /** The claimed signing time (/M). */
  signedAt: Date;
  /** Prefix of the field's name: "Signature", "Seal". */
  fieldPrefix: string;
}

const BYTE_RANGE_PLACEHOLDER = PDFName.of('**********');

/**
 * Appends one revision: what `edit` draws (a signer's marks, the last pages), then a PAdES signature
 * (ETSI.CAdES.detached) over the file as it then is, both in one incremental update, so every earlier
 * signature keeps its bytes and stays valid, and this one covers them and everything before.
 */
export async function signRevision(pdf: Uint8Array, signature: RevisionSignature, edit?: (document: PDFDocument) => Promise<void>): Promise<Buffer> {
  const withPlaceholder = await appendChanges(pdf, async (document) => {
    if (edit) await edit(document);
    const { context } = document;
    const dictionary = context.obj({});
    dictionary.set(PDFName.of('Type'), PDFName.of('Sig'));
    dictionary.set(PDFName.of('Filter'), PDFName.of('Adobe.PPKLite'));
    dictionary.set(PDFName.of('SubFilter'), PDFName.of('ETSI.CAdES.detached'));
    dictionary.set(PDFName.of('ByteRange'), context.obj([PDFNumber.of(0), BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER]));
    dictionary.set(PDFName.of('Contents'), PDFHexString.of('0'.repeat(cmsPlaceholderLength(signature.signer, signature.timestamper))));
    dictionary.set(PDFName.of('M'), PDFString.fromDate(signature.signedAt));
    dictionary.set(PDFName.of('Name'), PDFHexString.fromText(signature.name));
    dictionary.set(PDFName.of('Reason'), PDFHexString.fromText(signature.reason));
    if (signature.location) dictionary.set(PDFName.of('Location'), PDFHexString.fromText(signature.location));
    addSignatureField(document, dictionary, signature.fieldPrefix);
  });
  return new SignPdf().sign(withPlaceholder, new CadesSigner({ signer: signature.signer, timestamper: signature.timestamper }));
}

/**
 * The first revision of a document signed revision by revision: the original rewritten once with
 * classic cross-reference tables, which the incremental updates after it extend.
 */
export async function baseRevision(original: Uint8Array): Promise<Buffer> {
  const document = await PDFDocument.load(original, { updateMetadata: false });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
