import pdfLib from 'pdf-lib';
import { refuseActiveContent } from './active-content.mjs';
import { PdfFailure } from './pdf-failure.mjs';

const { PDFDocument, ParseSpeeds } = pdfLib;

/** pdf-lib is the library that later stamps the signatures: a file it cannot load is not accepted. */
export async function loadDocument(bytes, maxPages) {
  const document = await PDFDocument.load(bytes, {
    // Encryption is read from the trailer below: pdf-lib's EncryptedPDFError is compiled to ES5 and
    // cannot be told apart from other errors with instanceof.
    ignoreEncryption: true,
    updateMetadata: false,
    // Yielding between objects only slows loading down; the deadline is enforced from outside the worker.
    parseSpeed: ParseSpeeds.Fastest
  });
  if (document.isEncrypted) throw new PdfFailure('encrypted');
  const pageCount = document.getPageCount();
  if (pageCount === 0) throw new PdfFailure('corrupt');
  if (pageCount > maxPages) throw new PdfFailure('too_many_pages', { pageCount });
  refuseActiveContent(document);
  return document;
}
