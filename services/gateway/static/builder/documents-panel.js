// Documents: add a PDF or replace one (read here; sent as base64 with the next save, all documents then
// going together, as a save's documents replace the stored ones).
import { element } from '/components/dom.js';

function fileInput(id, label, onFile) {
  const input = element('input', { type: 'file', id, accept: 'application/pdf', class: 'file' });
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) onFile(file);
    input.value = '';
  });
  return element('div', { class: 'control' }, element('label', { for: id }, label), input);
}

export function createDocumentsPanel({ container, say, actions }) {
  const heading = element('h2', { id: 'documents-title' }, say('builder.documents.title'));
  const list = element('ul', { class: 'plain' });
  const add = fileInput('document-add', say('builder.documents.add'), (file) => actions.addDocument(file));
  container.append(heading, list, add);
  container.setAttribute('aria-labelledby', 'documents-title');

  return {
    render({ state, ui }) {
      add.querySelector('input').disabled = ui.readOnly;
      list.replaceChildren(...state.documents.map((document, index) => {
        const replace = fileInput(`document-${index}-replace`, say('builder.documents.replace', { name: document.name }), (file) => actions.replaceDocument(document.key, file));
        replace.querySelector('input').disabled = ui.readOnly;
        return element('li', {}, element('span', { class: 'document-name' }, document.name), replace);
      }));
    }
  };
}
