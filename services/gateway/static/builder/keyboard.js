// The keyboard: on a focused placement, arrows move the selection 1 point (Shift: 10), Alt+arrows resize it,
// Delete removes it, Ctrl/Cmd+D duplicates it, Escape lets it go; anywhere but a text box, Ctrl/Cmd+Z undoes
// and Ctrl/Cmd+Shift+Z or Ctrl+Y redoes. Arrows are the page's directions (pages are left to right in every language).

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function listenToKeyboard(controller) {
  document.addEventListener('keydown', (event) => {
    const command = event.ctrlKey || event.metaKey;
    const typing = event.target.closest?.('input, textarea, select');
    const key = event.key.toLowerCase();
    if (command && !typing && (key === 'z' || key === 'y')) {
      event.preventDefault();
      if (key === 'y' || event.shiftKey) controller.redo();
      else controller.undo();
      return;
    }
    if (event.key === 'Escape') {
      controller.escape();
      return;
    }
    const node = event.target.closest?.('.placement[data-id]');
    if (!node || controller.previewing()) return;
    if (!controller.isSelected(node.dataset.id)) controller.selectOnly(node.dataset.id);
    const ids = controller.selection();
    if (command && key === 'd') {
      event.preventDefault();
      controller.duplicate(ids);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      controller.remove(ids);
    } else if (ARROWS[event.key] && !command) {
      event.preventDefault();
      const [x, y] = ARROWS[event.key].map((step) => step * (event.shiftKey ? 10 : 1));
      if (event.altKey) controller.resizeBy(ids, x, y);
      else controller.moveBy(ids, x, y);
    }
  });
}
