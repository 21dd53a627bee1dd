// The documents' pages, one frame each at the page's shape, drawn by pdf.js at the zoom's size; each frame
// has a layer the placements are put on. Frames are laid out left to right whatever the language's
// direction, as PDF coordinates are.
import { element } from '/components/dom.js';
import { drawPage } from './pdf.js';

// A point is 4/3 of a CSS pixel: at 100% a page shows at its printed size.
const PIXELS_PER_POINT = 4 / 3;
export const ZOOMS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 2];

export function createPagesView({ container, library, say }) {
  let shown = [];
  let signature = '';
  let generation = 0;
  let zoom = 1;

  async function drawAll() {
    const mine = ++generation;
    for (const document of shown) {
      const pdf = await library.pdfOf(document.source);
      for (const page of document.pages) {
        if (mine !== generation) return;
        const canvas = await drawPage(pdf, page.number, page.frame.clientWidth || 600);
        if (mine !== generation) return;
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', page.canvas.getAttribute('aria-label'));
        page.canvas.replaceWith(canvas);
        page.canvas = canvas;
        page.frame.dataset.drawn = 'true';
      }
    }
  }

  function pageFrame(document, size, index, count) {
    const frame = element('div', { class: 'page', 'data-document': document.key, 'data-page': String(index) });
    frame.style.aspectRatio = `${size.width} / ${size.height}`;
    frame.style.setProperty('--page-width', `${size.width * PIXELS_PER_POINT}px`);
    const canvas = element('canvas', { role: 'img', 'aria-label': say('builder.page.label', { page: index + 1, pages: count, document: document.name }) });
    const layer = element('div', { class: 'layer' });
    frame.append(canvas, layer);
    return { frame, canvas, layer, number: index + 1, index, size };
  }

  return {
    /** Lays out the documents' pages again when the documents (or their files) changed; false when nothing did. */
    async show(documents) {
      const wanted = JSON.stringify(documents.map((document) => [document.key, document.source, document.name]));
      if (wanted === signature) return false;
      signature = wanted;
      const measured = await Promise.all(documents.map((document) => library.pagesOf(document.source)));
      if (wanted !== signature) return false;
      shown = documents.map((document, index) => {
        const sizes = measured[index];
        return { key: document.key, source: document.source, name: document.name, pages: sizes.map((size, page) => pageFrame(document, size, page, sizes.length)) };
      });
      container.replaceChildren(...shown.map((document) => element('section', { class: 'document', 'aria-label': document.name },
        element('h2', {}, document.name), ...document.pages.map((page) => page.frame))));
      drawAll();
      return true;
    },
    /** The frame of page `index` (from 0) of a document, with its size in points; null when it has none. */
    page(documentKey, index) {
      return shown.find((document) => document.key === documentKey)?.pages[index] ?? null;
    },
    /** Every laid-out page (for tokens and for clearing layers). */
    pages: () => shown.flatMap((document) => document.pages.map((page) => ({ ...page, documentKey: document.key }))),
    pageCount: (documentKey) => shown.find((document) => document.key === documentKey)?.pages.length ?? 0,
    get zoom() {
      return zoom;
    },
    setZoom(value) {
      zoom = value;
      container.style.setProperty('--zoom', String(value));
      drawAll();
    },
    /** The zoom at which the widest page fits the pages' area (at most 100%). */
    fittingZoom() {
      const widest = Math.max(...shown.flatMap((document) => document.pages.map((page) => page.size.width)), 1);
      const room = container.clientWidth - 32;
      const fit = room / (widest * PIXELS_PER_POINT);
      return [...ZOOMS].reverse().find((step) => step <= fit) ?? ZOOMS[0];
    }
  };
}
