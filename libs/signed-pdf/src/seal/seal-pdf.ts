import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { CadesSigner, cmsPlaceholderLength } from '../cms/cades-signer';
import { certificateFields, commonName } from './certificate-fields';
import type { Signer as KeySigner } from './signer';
import type { Timestamper } from '../timestamp/timestamper';

export interface SealOptions {
  /** The key that seals and its certificate chain (a PKCS#12 file, a PKCS#11 token). */
  signer: KeySigner;
  /** With a timestamper the signature gets a signature-time-stamp (PAdES B-T); without, it is B-B. */
  timestamper?: Timestamper;
  reason?: string;
  /** Defaults to the certificate's common name. */
  name?: string;
  location?: string;
  contactInfo?: string;
}

/**
 * Adds a PAdES signature (ETSI.CAdES.detached) made with the service certificate over the whole file
 * but its own /Contents, so any later change to the bytes, or anything appended, is detectable.
 * pdf-lib rewrites the file to add the signature field, so anything after it must be an incremental
 * update (`addLongTermValidation`).
 */
export async function sealPdf(bytes: Uint8Array, options: SealOptions): Promise<Uint8Array> {
  const { certificates } = options.signer;
  const signerName = commonName(certificateFields(certificates[0]!).subject) ?? '';
  const document = await PDFDocument.load(bytes);
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: literalString(options.reason ?? ''),
    name: literalString(options.name ?? signerName),
    location: literalString(options.location ?? ''),
    contactInfo: literalString(options.contactInfo ?? ''),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // Counted in hex digits: two per byte of DER.
    signatureLength: cmsPlaceholderLength(options.signer, options.timestamper)
  });
  // Classic cross-reference tables, so later incremental updates (/DSS, document timestamp) can append their own.
  const withPlaceholder = await document.save({ useObjectStreams: false });
  return new SignPdf().sign(Buffer.from(withPlaceholder), new CadesSigner(options));
}

/**
 * The placeholder writes these as literal strings byte for byte, unescaped: parentheses and backslashes
 * are escaped here so the dictionary stays well-formed, and characters outside Latin-1 (which
 * PDFDocEncoding mostly matches) become "?" rather than being cut to their low byte.
 */
function literalString(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff]/gu, '?').replace(/[\\()]/g, (character) => `\\${character}`);
}
