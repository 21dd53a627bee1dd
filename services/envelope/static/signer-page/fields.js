// Fields: each of the recipient's field placements is a button at its place on the page, like a
// signature's; activating it opens a dialog with the field's own control (text, number, date, tick box,
// radio group, list, email, initials, file), labelled for screen readers. A value is previewed by the
// server before the dialog takes it, and shown at its place as the signed document will draw it (its size
// and line breaks); a value the document could not show whole is refused there. The values go with the
// sign request; the server checks them again, whatever this page let through.

const $ = (id) => document.getElementById(id);
export const FIELD_TYPES = ['INITIALS', 'TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL', 'NAME', 'SIGNING_DATE', 'ATTACHMENT'];
const AUTOMATIC = ['NAME', 'SIGNING_DATE'];
// Dates are typed as the API takes them (YYYY-MM-DD), the same on every browser and keyboard.
const INPUT_TYPES = { NUMBER: 'number', EMAIL: 'email' };

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? '' : value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function createFieldEditor({ say, preview, upload }) {
  const values = new Map();
  // How the document will draw each value given or prefilled: { size, lines, tick } from the server.
  const layouts = new Map();
  // An ATTACHMENT's file name by field, once uploaded (its value is then the attachment's id).
  const fileNames = new Map();
  const dialog = element('dialog', { id: 'field-dialog', 'aria-labelledby': 'field-title' });
  $('signer').append(dialog);
  let current = null;
  dialog.addEventListener('keydown', (event) => {
    if (current && event.key === 'Enter' && event.target.id === 'field-input' && event.target.type !== 'checkbox' && event.target.type !== 'radio') {
      event.preventDefault();
      save();
    }
  });

  const labelOf = (field) => `${field.name.replace(/[_.-]+/g, ' ')}${field.required ? ` (${say('field.required')})` : ''}`;
  const fixed = (field) => AUTOMATIC.includes(field.type) || field.readonly;
  const valueOf = (field) => (values.has(field.name) ? values.get(field.name) : field.type === 'CHECKBOX' ? field.default_value === 'true' : field.default_value ?? '');

  function control(field) {
    const value = valueOf(field);
    if (field.type === 'CHECKBOX') {
      const box = element('input', { type: 'checkbox', id: 'field-input', checked: value === true || value === 'true', disabled: fixed(field) });
      const label = element('label', { class: 'consent' });
      label.append(box, ` ${labelOf(field)}`);
      return { node: label, read: () => box.checked };
    }
    if (field.type === 'RADIO') {
      const group = element('fieldset', { class: 'tabs' });
      group.append(element('legend', {}, labelOf(field)));
      for (const [index, option] of field.options.entries()) {
        const label = element('label', { class: 'tab' });
        label.append(element('input', { type: 'radio', name: 'field-radio', value: option, id: index === 0 ? 'field-input' : undefined, checked: value === option, disabled: fixed(field) }), ` ${option}`);
        group.append(label);
      }
      return { node: group, read: () => group.querySelector('input:checked')?.value ?? '' };
    }
    const wrapper = element('div');
    wrapper.append(element('label', { for: 'field-input' }, field.type === 'ATTACHMENT' ? `${labelOf(field)}: ${say('field.upload')}` : labelOf(field)));
    if (field.type === 'DROPDOWN') {
      const select = element('select', { id: 'field-input', disabled: fixed(field) });
      select.append(element('option', { value: '' }, say('field.choose')));
      for (const option of field.options) select.append(element('option', { value: option, selected: value === option }, option));
      wrapper.append(select);
      return { node: wrapper, read: () => select.value };
    }
    if (field.type === 'ATTACHMENT') {
      const file = element('input', { id: 'field-input', type: 'file', accept: 'application/pdf,image/png,image/jpeg' });
      wrapper.append(file);
      return { node: wrapper, read: () => file.files?.[0] ?? (values.get(field.name) ?? '') };
    }
    const input = element('input', {
      id: 'field-input', type: INPUT_TYPES[field.type] ?? 'text', value: value ?? '', readonly: fixed(field), required: field.required,
      min: field.min, max: field.max, placeholder: field.type === 'DATE' ? 'YYYY-MM-DD' : undefined, inputmode: field.type === 'DATE' ? 'numeric' : undefined, maxlength: field.type === 'INITIALS' ? '10' : '1000', autocomplete: field.type === 'EMAIL' ? 'email' : 'off'
    });
    wrapper.append(input);
    return { node: wrapper, read: () => input.value.trim() };
  }

  function close() {
    const done = current?.done;
    current = null;
    dialog.close();
    done?.();
  }

  function showProblem(kind) {
    const problem = $('field-problem');
    problem.textContent = say(kind === 'VALUE_TOO_LONG' ? 'field.tooLong' : 'field.invalid');
    problem.hidden = false;
    $('field-input')?.setAttribute('aria-invalid', 'true');
    $('field-input')?.focus();
  }

  /**
   * Takes the dialog's value once the server has said how the document will show it (a file is uploaded
   * first: the document shows its name); a refusal stays in the dialog.
   */
  async function save() {
    if (!current) return;
    const { field, control: built } = current;
    if (fixed(field)) return close();
    const read = built.read();
    const file = read instanceof File ? read : null;
    const value = file ? await upload(file).catch(() => null) : read;
    // Closed or reopened on another field while the server answered: this answer is no one's.
    if (current?.field !== field) return;
    if (value === null) return showProblem('INVALID');
    const previewed = value === '' ? { layout: null } : await preview(field.name, value);
    if (current?.field !== field) return;
    if (previewed.problem) return showProblem(previewed.problem);
    values.set(field.name, value);
    if (file) fileNames.set(field.name, file.name);
    if (previewed.layout) layouts.set(field.name, previewed.layout);
    else layouts.delete(field.name);
    close();
  }

  /** The value at its place: the document's size (in points, scaled with the page) and its line breaks. */
  function drawn(field, layout) {
    const node = element('span', { class: field.type === 'INITIALS' ? 'field-value initials' : 'field-value' });
    node.style.setProperty('--size', String(layout.size));
    if (layout.tick !== null) {
      const mark = element('span', { class: 'tick' }, valueOf(field) === true ? '\u2611' : '\u2610');
      mark.style.setProperty('--size', String(layout.tick));
      node.append(mark);
      if (layout.lines.length > 0) node.append(` ${layout.lines[0]}`);
      node.setAttribute('aria-label', `${field.name}: ${valueOf(field) === true ? say('field.yes') : say('field.no')}`);
      return node;
    }
    layout.lines.forEach((line, index) => {
      if (index > 0) node.append(element('br'));
      node.append(line);
    });
    return node;
  }

  return {
    /** Opens the field's dialog; `done` runs once it closes (saved or not). */
    open(field, done) {
      const built = control(field);
      current = { field, control: built, done };
      const ok = element('button', { type: 'button', class: 'primary', id: 'field-ok' }, say('next'));
      const cancel = element('button', { type: 'button', id: 'field-cancel' }, say('field.cancel'));
      const actions = element('div', { class: 'dialog-actions' });
      actions.append(ok, cancel);
      const problem = element('p', { id: 'field-problem', class: 'error', role: 'alert', hidden: true });
      dialog.replaceChildren(element('h2', { id: 'field-title' }, labelOf(field)), built.node, problem, actions);
      ok.addEventListener('click', () => save());
      cancel.addEventListener('click', () => close());
      dialog.showModal();
      $('field-input')?.focus();
    },
    /** Whether the field needs nothing more before signing (the server decides in the end). */
    done(field) {
      if (fixed(field)) return true;
      const value = valueOf(field);
      if (field.type === 'CHECKBOX') return !field.required || value === true;
      return !field.required || (value !== '' && value !== null && value !== undefined);
    },
    /** Layouts of values the page did not ask for (defaults, the name, the signing date), as the server previewed them. */
    prefilled(previewed) {
      for (const [name, layout] of Object.entries(previewed)) if (!values.has(name)) layouts.set(name, layout);
    },
    /** The values shown before anyone types: what to preview once the documents are laid out. */
    initialValues(fields) {
      return Object.fromEntries(fields.filter((field) => field.type !== 'ATTACHMENT' && field.default_value !== null && field.default_value !== undefined && field.default_value !== '')
        .map((field) => [field.name, field.type === 'CHECKBOX' ? field.default_value === 'true' : field.default_value]));
    },
    /** What the field's place shows: its value as the document will draw it, or its name until filled. */
    shown(field) {
      const value = valueOf(field);
      const layout = layouts.get(field.name);
      if (layout && value !== '' && value !== null) return drawn(field, layout);
      if (field.type === 'CHECKBOX') return document.createTextNode(`${field.name}: ${value === true ? say('field.yes') : say('field.no')}`);
      if (fileNames.has(field.name)) return document.createTextNode(say('field.uploaded', { name: fileNames.get(field.name) }));
      return document.createTextNode(value === '' || value === null ? labelOf(field) : String(value));
    },
    /** The request's `fields` (an ATTACHMENT's value is the id its upload answered). */
    collect(fields) {
      const result = {};
      for (const field of fields) {
        if (fixed(field) || !values.has(field.name)) continue;
        const value = values.get(field.name);
        if (value !== '') result[field.name] = value;
      }
      return result;
    }
  };
}
