// Placements on the pages: each a button at its place (in percent of the page, so zoom keeps it there),
// named for screen readers "<Type>, <recipient>, page <n>", pressed while selected. A placement on a
// {{token}} shows where the token is. In preview, only one recipient's placements show, as images.
import { element } from '/components/dom.js';
import { boxOf, isStamp } from './model.js';

/** Where a placement shows: its page and box in points; null when its page or token is not in the documents. */
export function positionOf(placement, pages) {
  const box = boxOf(placement);
  if (placement.token) {
    for (const page of pages.pages().filter((candidate) => candidate.documentKey === placement.document_key)) {
      const found = page.size.tokens.find((token) => token.token === placement.token);
      if (found) return { page, left: found.left, top: found.top, ...box };
    }
    return null;
  }
  const page = pages.page(placement.document_key, placement.page);
  return page ? { page, left: placement.left, top: placement.top, ...box } : null;
}

/** Puts `node` at `box` (points) on a page of `size` (points). */
export function place(node, box, size) {
  node.style.left = `${(box.left / size.width) * 100}%`;
  node.style.top = `${(box.top / size.height) * 100}%`;
  node.style.width = `${(box.width / size.width) * 100}%`;
  node.style.height = `${(box.height / size.height) * 100}%`;
}

export function createPlacementsView({ pages, say, labelOf, colorOf }) {
  return {
    /** Draws every placement again; keeps focus on the placement that had it. Answers those that show nowhere. */
    render(state, ui) {
      const focused = document.activeElement?.closest?.('.placement')?.dataset.id ?? null;
      for (const page of pages.pages()) page.layer.replaceChildren();
      const nowhere = [];
      for (const placement of state.placements) {
        if (ui.preview && placement.recipient_key !== ui.preview) continue;
        const position = positionOf(placement, pages);
        if (!position) {
          nowhere.push(placement);
          continue;
        }
        const label = labelOf(placement, position.page.number);
        const node = ui.readOnly
          ? element('div', { class: 'placement', role: 'img', 'aria-label': label, 'data-id': placement.id })
          : element('button', { type: 'button', class: 'placement', 'aria-label': label, 'aria-pressed': ui.selected.has(placement.id) ? 'true' : 'false', 'data-id': placement.id,
            'aria-invalid': ui.invalid.has(placement.id) ? 'true' : undefined });
        node.dataset.color = String(colorOf(placement.recipient_key));
        // The visible text is the type, part of the accessible name (speech users say what they see); the field's name is a hint.
        node.append(element('span', { class: 'placement-text', 'aria-hidden': 'true' }, say(`builder.type.${placement.type}`)));
        if (placement.name) node.title = placement.name;
        if (placement.token) node.classList.add('on-token');
        if (!ui.readOnly && !isStamp(placement.type)) node.append(element('span', { class: 'handle', 'aria-hidden': 'true' }));
        place(node, position, position.page.size);
        position.page.layer.append(node);
      }
      if (focused) pages.pages().flatMap((page) => [...page.layer.children]).find((node) => node.dataset.id === focused)?.focus({ preventScroll: true });
      return nowhere;
    },
    nodeOf: (id) => pages.pages().flatMap((page) => [...page.layer.children]).find((node) => node.dataset.id === id) ?? null
  };
}
