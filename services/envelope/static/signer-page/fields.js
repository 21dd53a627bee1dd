// Fields: each of the recipient's field placements is a button at its place on the page, like a
// signature's; activating it opens a dialog with the field's own control (text, number, date, tick box,
// radio group, list, email, initials, file), labelled for screen readers. The values go with the sign
// request; the server checks them again, whatever this page let through.

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

export function createFieldEditor({ say }) {
  const values = new Map();
  const dialog = element('dialog', { id: 'field-dialog', 'aria-labelledby': 'field-title' });
  $('signer').append(dialog);
  let current = null;

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

  function close(save) {
    if (save && current && !fixed(current.field)) values.set(current.field.name, current.control.read());
    const done = current?.done;
    current = null;
    dialog.close();
    done?.();
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
      dialog.replaceChildren(element('h2', { id: 'field-title' }, labelOf(field)), built.node, actions);
      ok.addEventListener('click', () => close(true));
      cancel.addEventListener('click', () => close(false));
      dialog.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && event.target.id === 'field-input' && event.target.type !== 'checkbox' && event.target.type !== 'radio') {
          event.preventDefault();
          close(true);
        }
      }, { once: true });
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
    /** What the field's place shows: its value, or its name until filled. */
    shown(field) {
      const value = valueOf(field);
      if (field.type === 'CHECKBOX') return `${field.name}: ${value === true ? say('field.yes') : say('field.no')}`;
      if (value instanceof File) return say('field.uploaded', { name: value.name });
      return value === '' || value === null ? labelOf(field) : String(value);
    },
    /** The request's `fields`, uploading files first (`upload` answers the attachment id). */
    async collect(fields, upload) {
      const result = {};
      for (const field of fields) {
        if (fixed(field) || !values.has(field.name)) continue;
        let value = values.get(field.name);
        if (value instanceof File) {
          value = await upload(value);
          values.set(field.name, value);
        }
        if (value !== '') result[field.name] = value;
      }
      return result;
    }
  };
}
