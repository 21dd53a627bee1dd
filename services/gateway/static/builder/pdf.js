// pdf.js for the editor: opens a document, measures its pages (points, as the API places things), finds
// the {{tokens}} in their text, and draws a page onto a canvas.
import * as pdfjs from '/builder/assets/pdf.min.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = '/builder/assets/pdf.worker.min.mjs';

const TOKEN = /\{\{[^{}]{1,96}\}\}/g;

/** Opens the PDF from its bytes (a copy goes to pdf.js's worker: the editor keeps the bytes to save them). */
export function openPdf(bytes) {
  return pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
}

/** Where each {{token}} of the page's text is, in points from the page's top-left (one text run each). */
function tokensOf(content, viewport) {
  const found = [];
  for (const item of content.items) {
    if (!item.str || !item.str.includes('{{')) continue;
    const [, , , , x, baseline] = pdfjs.Util.transform(viewport.transform, item.transform);
    const size = Math.hypot(item.transform[2], item.transform[3]);
    const advance = item.str.length > 0 ? item.width / item.str.length : 0;
    for (const match of item.str.matchAll(TOKEN)) {
      found.push({ token: match[0], left: x + match.index * advance, top: Math.max(0, baseline - size), width: match[0].length * advance, height: size });
    }
  }
  return found;
}

/** Every page's size in points and its tokens. */
export async function measurePages(pdf) {
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    pages.push({ width: viewport.width, height: viewport.height, tokens: tokensOf(await page.getTextContent(), viewport) });
    page.cleanup();
  }
  return pages;
}

/** Draws page `number` at `width` CSS pixels onto a new canvas (the caller swaps it in whole). */
export async function drawPage(pdf, number, width) {
  const page = await pdf.getPage(number);
  const natural = page.getViewport({ scale: 1 });
  const scale = Math.min(4, Math.max(0.25, (width * (window.devicePixelRatio || 1)) / natural.width));
  const viewport = page.getViewport({ scale });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  page.cleanup();
  return canvas;
}
