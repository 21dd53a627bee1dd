import { loadDocument } from './load-document.mjs';
import { PdfFailure } from './pdf-failure.mjs';
import { textLines } from './text-lines.mjs';
import { tokenBox } from './token-box.mjs';

export async function findTokens(pdfjs, bytes, tokens, maxPages) {
  // pdf.js reads files pdf-lib rejects (damaged ones, or encrypted with an empty password), so pdf-lib,
  // which later edits the file, decides what is acceptable.
  await loadDocument(bytes, maxPages);

  const loadingTask = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0
  });
  try {
    return await tokensOnPages(await loadingTask.promise, tokens, maxPages);
  } finally {
    // The worker runs further jobs: the document's pages, fonts and caches must not outlive this one.
    await loadingTask.destroy().catch(() => {});
  }
}

async function tokensOnPages(document, tokens, maxPages) {
  if (document.numPages > maxPages) throw new PdfFailure('too_many_pages', { pageCount: document.numPages });

  const found = Object.fromEntries(tokens.map((token) => [token, []]));
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const page = await document.getPage(pageNumber);
    // pdf.js scales viewports by /UserUnit; positions are wanted in user-space units, as pdf-lib uses them.
    const viewport = page.getViewport({ scale: 1 / page.userUnit });
    const { items, styles } = await page.getTextContent();
    for (const line of textLines(items)) {
      for (const token of tokens) {
        for (const start of occurrences(line.text, token)) {
          const box = tokenBox(line, start, start + token.length, { viewport, styles });
          found[token].push({ page: pageNumber - 1, ...box });
        }
      }
    }
    page.cleanup();
  }
  return found;
}

function* occurrences(text, token) {
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + token.length)) yield at;
}
