// The mouse, pen and finger: drag a placement to move it (every selected one moves with it), drag its corner
// to resize it, Shift/Ctrl/Cmd+click to add it to the selection or take it out, click a page with a type
// chosen in the palette to place one there, or drag a type from the palette onto a page. A change is made
// once, when the pointer is released; until then only the boxes on screen move.
import { element } from '/components/dom.js';

const THRESHOLD = 3;

export function createPointer({ pagesContainer, palette, pages, controller }) {
  let drag = null;
  let paletteDragged = false;

  const pageAt = (x, y) => {
    const frame = document.elementFromPoint(x, y)?.closest('.page');
    return frame ? pages.pages().find((page) => page.frame === frame) ?? null : null;
  };
  const pointOn = (page, event) => {
    const rect = page.frame.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * page.size.width, y: ((event.clientY - rect.top) / rect.height) * page.size.height };
  };

  pagesContainer.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || controller.previewing()) return;
    const node = event.target.closest('.placement[data-id]');
    if (node) {
      const id = node.dataset.id;
      const adding = event.shiftKey || event.ctrlKey || event.metaKey;
      // The page first: selecting renders the placements again, and the node pressed leaves the page.
      const page = pages.pages().find((candidate) => candidate.frame.contains(node));
      if (!page) return;
      const rect = page.frame.getBoundingClientRect();
      if (!adding && !controller.isSelected(id)) controller.selectOnly(id);
      drag = { kind: event.target.classList.contains('handle') ? 'resize' : 'move', id, adding, x: event.clientX, y: event.clientY, scale: page.size.width / rect.width, dragging: false };
      event.preventDefault();
      return;
    }
    const page = pageAt(event.clientX, event.clientY);
    if (page) drag = { kind: 'page', page, x: event.clientX, y: event.clientY, point: pointOn(page, event), dragging: false };
  });

  window.addEventListener('pointermove', (event) => {
    if (!drag || (drag.kind !== 'move' && drag.kind !== 'resize')) return;
    if (!drag.dragging && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < THRESHOLD) return;
    drag.dragging = true;
    const dx = (event.clientX - drag.x) * drag.scale;
    const dy = (event.clientY - drag.y) * drag.scale;
    controller.preview(drag.kind, drag.kind === 'move' ? controller.selection() : [drag.id], dx, dy);
  });

  window.addEventListener('pointercancel', () => {
    if (drag?.dragging) controller.cancelPreview();
    drag = null;
  });

  window.addEventListener('pointerup', (event) => {
    const done = drag;
    drag = null;
    if (!done) return;
    if (done.kind === 'page') {
      // A page dragged (a scroll, a text selection) is not a click on it.
      if (Math.hypot(event.clientX - done.x, event.clientY - done.y) >= THRESHOLD) return;
      if (controller.armedType()) controller.placeAt(controller.armedType(), done.page, done.point);
      else controller.clearSelection();
      return;
    }
    if (!done.dragging) {
      if (done.adding) controller.toggle(done.id);
      controller.focus(done.id);
      return;
    }
    const dx = (event.clientX - done.x) * done.scale;
    const dy = (event.clientY - done.y) * done.scale;
    if (done.kind === 'move') controller.moveBy(controller.selection(), dx, dy);
    else controller.resizeBy([done.id], dx, dy);
    controller.focus(done.id);
  });

  // Keyboard activation (Enter, Space) of a placement selects it; pointer clicks were handled above.
  pagesContainer.addEventListener('click', (event) => {
    const node = event.target.closest('.placement[data-id]');
    if (!node || event.detail !== 0 || controller.previewing()) return;
    if (event.shiftKey || event.ctrlKey || event.metaKey) controller.toggle(node.dataset.id);
    else controller.selectOnly(node.dataset.id);
  });

  // A type dragged from the palette onto a page is placed where it is dropped.
  let ghost = null;
  palette.addEventListener('pointerdown', (event) => {
    const button = event.target.closest('button[data-type]');
    if (!button || button.disabled || event.button !== 0) return;
    const start = { x: event.clientX, y: event.clientY, type: button.dataset.type };
    paletteDragged = false;
    const follow = (move) => {
      if (!ghost && Math.hypot(move.clientX - start.x, move.clientY - start.y) < THRESHOLD) return;
      if (!ghost) {
        ghost = element('div', { class: 'ghost', 'aria-hidden': 'true' }, button.textContent);
        document.body.append(ghost);
      }
      ghost.style.left = `${move.clientX}px`;
      ghost.style.top = `${move.clientY}px`;
    };
    const drop = (up) => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', drop);
      if (!ghost) return;
      ghost.remove();
      ghost = null;
      paletteDragged = true;
      const page = pageAt(up.clientX, up.clientY);
      if (page) controller.placeAt(start.type, page, pointOn(page, up));
    };
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', drop);
  });

  return {
    /** Whether the palette's last press was a drag (its click then chooses nothing). */
    takeDragged() {
      const was = paletteDragged;
      paletteDragged = false;
      return was;
    }
  };
}
