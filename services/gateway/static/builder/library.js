// The documents' files: the stored ones downloaded once from their links, the ones the user picked read
// from disk; each opened with pdf.js and measured once. Kept apart from the undo history (by `source`), so
// a snapshot of the state stays small whatever the files weigh.
import { measurePages, openPdf } from './pdf.js';

export function createLibrary() {
  const files = new Map();

  function entry(source, bytes) {
    const pdf = bytes.then(openPdf);
    const pages = pdf.then(measurePages);
    files.set(source, { bytes, pdf, pages });
  }

  return {
    /** A stored document, by its download link (temporary, so fetched once at the start). */
    addStored(source, url) {
      if (files.has(source)) return;
      entry(source, fetch(url, { credentials: 'omit' }).then((response) => {
        if (!response.ok) throw new Error(`document ${response.status}`);
        return response.arrayBuffer();
      }).then((buffer) => new Uint8Array(buffer)));
    },
    /** A file the user picked; its source names it from then on. */
    addFile(source, bytes) {
      entry(source, Promise.resolve(bytes));
    },
    has: (source) => files.has(source),
    bytesOf: (source) => files.get(source).bytes,
    pdfOf: (source) => files.get(source).pdf,
    pagesOf: (source) => files.get(source).pages
  };
}
