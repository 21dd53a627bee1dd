// Every action asks first: a modal <dialog> (the browser keeps focus inside it and closes it on Escape)
// naming what will happen, with the inputs the action takes. Resolves to those inputs' values, or null.

import { element, labelled } from '/components/dom.js';

let opened = 0;

/** `inputs`: [{ name, label, type?, required?, maxlength?, value? }]; a checkbox answers true or false. */
export function confirmAction(say, { title, text, confirm, danger = false, inputs = [] }) {
  opened += 1;
  const id = `confirm-${opened}`;
  const controls = inputs.map((input) => {
    const control = input.type === 'textarea'
      ? element('textarea', { name: input.name, required: input.required, maxlength: input.maxlength, rows: 3 })
      : element('input', { name: input.name, type: input.type ?? 'text', required: input.required, maxlength: input.maxlength, value: input.value, min: input.min, max: input.max });
    const wrapped = labelled(`${id}-${input.name}`, input.label, control);
    if (input.type === 'checkbox') wrapped.classList.add('tick');
    return wrapped;
  });
  const cancel = element('button', { type: 'button', value: 'cancel' }, say('console.cancel'));
  const accept = element('button', { type: 'submit', class: danger ? 'danger' : 'primary' }, confirm);
  const form = element('form', { method: 'dialog' }, element('h2', { id: `${id}-title` }, title), element('p', { id: `${id}-text` }, text), ...controls, element('div', { class: 'buttons' }, cancel, accept));
  const dialog = element('dialog', { 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-text` }, form);
  document.body.append(dialog);
  const returnTo = document.activeElement;
  return new Promise((resolve) => {
    let answer = null;
    cancel.addEventListener('click', () => dialog.close());
    form.addEventListener('submit', () => {
      answer = Object.fromEntries(inputs.map((input) => {
        const control = form.elements.namedItem(input.name);
        return [input.name, input.type === 'checkbox' ? control.checked : control.value];
      }));
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (returnTo instanceof HTMLElement) returnTo.focus();
      resolve(answer);
    });
    dialog.showModal();
  });
}

/** Confirms, calls, reports the API's answer; `shown` adds what only this answer holds (a new secret). */
export async function confirmed(context, spec) {
  const answer = await confirmAction(context.say, spec);
  if (!answer) return null;
  try {
    const result = await spec.call(answer);
    context.report.ok(spec.done(result));
    if (spec.shown) context.report.region.append(spec.shown(result));
    context.report.region.focus();
    return result;
  } catch (error) {
    context.report.failed(error);
    context.report.region.focus();
    return null;
  }
}
