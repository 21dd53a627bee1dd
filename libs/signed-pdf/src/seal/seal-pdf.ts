import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf, Signer } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { cadesSignedData } from './cades-signed-data';
import { certificateFields, commonName } from './certificate-fields';
import { readServiceCredentials, type ServiceCredentials } from './service-credentials';

export interface SealOptions {
  /** The service certificate and its key, as PKCS#12. */
  p12: Buffer;
  passphrase: string;
  reason?: string;
  /** Defaults to the certificate's common name. */
  name?: string;
  location?: string;
  contactInfo?: string;
}

/** Room for the CMS beside the certificates: attributes, signature (up to RSA 8192) and DER overhead. */
const SIGNATURE_OVERHEAD = 4096;

class ServiceSigner extends Signer {
  constructor(private readonly credentials: ServiceCredentials) {
    super();
  }

  override async sign(pdfWithoutContents: Buffer): Promise<Buffer> {
    return cadesSignedData(pdfWithoutContents, this.credentials);
  }
}

/**
 * Adds a PAdES signature (ETSI.CAdES.detached) made with the service certificate over the whole file
 * but its own /Contents, so any later change to the bytes, or anything appended, is detectable.
 * It must be the last change to the document: pdf-lib rewrites the file to add the signature field.
 */
export async function sealPdf(bytes: Uint8Array, options: SealOptions): Promise<Uint8Array> {
  const credentials = readServiceCredentials(options.p12, options.passphrase);
  const signerName = commonName(certificateFields(credentials.certificates[0]!).subject) ?? '';
  const document = await PDFDocument.load(bytes);
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: literalString(options.reason ?? ''),
    name: literalString(options.name ?? signerName),
    location: literalString(options.location ?? ''),
    contactInfo: literalString(options.contactInfo ?? ''),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // Counted in hex digits: two per byte of DER.
    signatureLength: 2 * credentials.certificates.reduce((total, der) => total + der.length, SIGNATURE_OVERHEAD)
  });
  const withPlaceholder = await document.save();
  return new SignPdf().sign(Buffer.from(withPlaceholder), new ServiceSigner(credentials));
}

/**
 * The placeholder writes these as literal strings byte for byte, unescaped: parentheses and backslashes
 * are escaped here so the dictionary stays well-formed, and characters outside Latin-1 (which
 * PDFDocEncoding mostly matches) become "?" rather than being cut to their low byte.
 */
function literalString(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff]/gu, '?').replace(/[\\()]/g, (character) => `\\${character}`);
}
