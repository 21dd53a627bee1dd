// Draws the documents' pages with pdf.js, fast to first sight: every page's frame is laid out at once at its
// final size (from the session's page sizes), the first page is drawn first, then the pages nearest the
// screen, then the rest in order. Pages are drawn at the resolution the screen needs, not more.
import * as pdfjs from '/sign/assets/pdf.min.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = '/sign/assets/pdf.worker.min.mjs';

// The width of the placement box the stamp fills (SIGNATURE_BOX of @signet/signed-pdf), in PDF points.
const BOX = { width: 150, height: 50 };
// Phones draw at 1.5 times the screen's resolution, so pinching to zoom keeps the contract's text sharp.
const PHONE_WIDTH = 600;
const MAX_SCALE = 4;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** Frames for one document's pages, each with its placements' targets; `pdf` is filled in once loaded. */
export function layOutDocument(container, document, label, makeTarget) {
  const section = element('section', 'document');
  section.append(element('h2', null, document.name));
  const pages = document.page_sizes.map((size, index) => {
    const frame = element('div', 'page');
    frame.style.aspectRatio = `${size.width} / ${size.height}`;
    frame.style.setProperty('--page-width', `${Math.round(size.width * 1.4)}px`);
    // A value drawn at its place is sized in the page's points, scaled with the page (see .field-value).
    frame.style.setProperty('--page-points', String(size.width));
    frame.dataset.page = String(index + 1);
    const canvas = element('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label(index + 1, document.page_sizes.length));
    frame.append(canvas);
    for (const placement of document.placements.filter((candidate) => candidate.page === index)) {
      const target = makeTarget(placement);
      // Placements are PDF points from the page's top-left; percentages keep them in place at any width.
      target.style.left = `${(placement.left / size.width) * 100}%`;
      target.style.top = `${(placement.top / size.height) * 100}%`;
      // A field's box is its own size (at least a line tall, to be easy to hit); a signature's, the stamp's.
      const box = placement.required === undefined ? BOX : { width: placement.width ?? BOX.width, height: Math.max(placement.height ?? 16, 24) };
      target.style.width = `${(box.width / size.width) * 100}%`;
      target.style.height = `${(box.height / size.height) * 100}%`;
      frame.append(target);
    }
    section.append(frame);
    return { frame, canvas, number: index + 1, drawnWidth: 0, owner: null, textLayer: null };
  });
  container.append(section);
  return pages;
}

function scaleFor(page, pdfPage) {
  const width = page.frame.clientWidth || 600;
  const boost = window.innerWidth <= PHONE_WIDTH ? 1.5 : 1;
  const natural = pdfPage.getViewport({ scale: 1 }).width;
  return Math.min(MAX_SCALE, Math.max(0.5, (width * (window.devicePixelRatio || 1) * boost) / natural));
}

/**
 * pdf.js's text layer over the drawn page: the contract's words as (transparent) text, so a screen reader
 * reads them and a signer can select, copy and search them. Sized in CSS pixels to the frame.
 */
async function layText(page, pdfPage) {
  const natural = pdfPage.getViewport({ scale: 1 });
  const scale = page.frame.clientWidth / natural.width;
  const layer = element('div', 'textLayer');
  layer.style.setProperty('--scale-factor', String(scale));
  layer.style.setProperty('--total-scale-factor', String(scale));
  const textLayer = new pdfjs.TextLayer({ textContentSource: pdfPage.streamTextContent(), container: layer, viewport: pdfPage.getViewport({ scale }) });
  await textLayer.render();
  page.textLayer?.remove();
  page.canvas.after(layer);
  page.textLayer = layer;
}

async function draw(page) {
  const pdfPage = await page.owner.pdf.getPage(page.number);
  const viewport = pdfPage.getViewport({ scale: scaleFor(page, pdfPage) });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await pdfPage.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  // Swapped in whole, so a page never shows half drawn.
  for (const name of ['role', 'aria-label']) canvas.setAttribute(name, page.canvas.getAttribute(name));
  page.canvas.replaceWith(canvas);
  page.canvas = canvas;
  page.drawnWidth = page.frame.clientWidth;
  await layText(page, pdfPage);
  page.frame.dataset.drawn = 'true';
  pdfPage.cleanup();
}

/**
 * Draws pages as their PDFs arrive. `onFirst` runs once the first page shows, `onAll` once every page
 * has been drawn (signing waits for that: consent is to what the signer could see).
 */
export function createPageDrawer({ onFirst, onAll }) {
  const pages = [];
  const near = new Set();
  let running = false;
  let first = true;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const page = pages.find((candidate) => candidate.frame === entry.target);
      if (entry.isIntersecting) near.add(page); else near.delete(page);
    }
  }, { rootMargin: '800px 0px' });

  const pending = (page) => page.owner?.pdf && page.drawnWidth !== page.frame.clientWidth;
  const nextPage = () => [...near].find(pending) ?? pages.find(pending);

  async function run() {
    if (running) return;
    running = true;
    for (let page = nextPage(); page; page = nextPage()) {
      await draw(page);
      if (first) { first = false; onFirst(); }
      // Yields between pages, so typing and scrolling stay smooth while the rest are drawn.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    running = false;
    if (pages.every((page) => page.drawnWidth > 0) && pages.every((page) => page.owner?.done)) onAll();
  }

  return {
    add(documentPages) {
      const owner = { pdf: null, done: false };
      for (const page of documentPages) {
        page.owner = owner;
        pages.push(page);
        observer.observe(page.frame);
      }
      return {
        async load(url) {
          const response = await fetch(url);
          if (!response.ok) throw new Error(`document ${response.status}`);
          // The whole file in one request: pdf.js given a URL keeps fetching ranges in the background, which could
          // still be running after the signer has signed (and then be refused).
          owner.pdf = await pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()), isEvalSupported: false }).promise;
          owner.done = true;
          run();
        }
      };
    },
    /** The frames' width changed (zoom, rotation): pages are drawn again at the new size. */
    redraw: () => run()
  };
}
