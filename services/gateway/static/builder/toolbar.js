// The toolbar: zoom, undo and redo, preview as a recipient, save (and send, when the session may send),
// and the save's status. Problems of a refused save are listed below it.
import { element, labelled } from '/components/dom.js';
import { ZOOMS } from './pages-view.js';

export function createToolbar({ container, say, actions, canSend }) {
  const button = (id, label, onClick, className) => {
    const node = element('button', { type: 'button', id, class: className }, label);
    node.addEventListener('click', onClick);
    return node;
  };
  const zoomOut = button('zoom-out', say('builder.zoom.out'), () => actions.zoom(-1));
  const zoomIn = button('zoom-in', say('builder.zoom.in'), () => actions.zoom(1));
  const zoomValue = element('output', { id: 'zoom-value', 'aria-live': 'polite' });
  const undo = button('undo', say('builder.undo'), () => actions.undo());
  const redo = button('redo', say('builder.redo'), () => actions.redo());
  const preview = element('select');
  preview.addEventListener('change', () => actions.preview(preview.value || null));
  const save = button('save', say('builder.save'), () => actions.save(), 'primary');
  const send = canSend ? button('send', say('builder.send'), () => actions.send()) : null;
  const status = element('p', { id: 'status', role: 'status' });
  const problems = element('div', { id: 'problems', role: 'alert' });
  container.append(
    element('div', { class: 'tools', role: 'toolbar', 'aria-label': say('builder.toolbar') },
      element('div', { class: 'group', role: 'group', 'aria-label': say('builder.zoom.title') }, zoomOut, zoomValue, zoomIn),
      element('div', { class: 'group' }, undo, redo),
      element('div', { class: 'group' }, labelled('preview-as', say('builder.preview.as'), preview)),
      element('div', { class: 'group end' }, save, send)),
    status, problems);

  return {
    render({ state, ui, history, zoom, busy }) {
      zoomValue.textContent = say('builder.zoom.value', { percent: Math.round(zoom * 100) });
      zoomOut.disabled = zoom <= ZOOMS[0];
      zoomIn.disabled = zoom >= ZOOMS[ZOOMS.length - 1];
      undo.disabled = !history.canUndo() || ui.readOnly;
      redo.disabled = !history.canRedo() || ui.readOnly;
      preview.replaceChildren(element('option', { value: '', selected: ui.preview === null }, say('builder.preview.off')),
        ...state.recipients.map((recipient) => element('option', { value: recipient.key, selected: ui.preview === recipient.key }, recipient.name || recipient.key)));
      save.disabled = busy;
      if (send) send.disabled = busy;
    },
    status(text) {
      status.textContent = text;
    },
    /** The problems of a refused save: each a line of text or a button that shows its placement. */
    problems(lines) {
      problems.replaceChildren(...(lines.length ? [element('h2', {}, say('builder.problems.title')), element('ul', {}, ...lines.map((line) => element('li', {}, line)))] : []));
    }
  };
}
