// The palette: the recipient new placements are for, and the types the session allows (those the
// recipient's role cannot be given are disabled). Choosing a type arms it: a click on a page places it
// there; "Add to this page" places it on the page in view, for the keyboard.
import { element, labelled } from '/components/dom.js';
import { roleMayFill } from './model.js';

export function createPalette({ container, say, actions }) {
  const heading = element('h2', { id: 'palette-title' }, say('builder.palette.title'));
  const body = element('div');
  container.append(heading, body);
  container.setAttribute('aria-labelledby', 'palette-title');

  return {
    render({ state, session, ui }) {
      const recipient = state.recipients.find((candidate) => candidate.key === ui.recipient) ?? null;
      const select = element('select');
      for (const candidate of state.recipients) select.append(element('option', { value: candidate.key, selected: candidate.key === ui.recipient }, candidate.name || candidate.key));
      select.disabled = state.recipients.length === 0;
      select.addEventListener('change', () => actions.chooseRecipient(select.value));
      const types = element('div', { class: 'types', role: 'group', 'aria-label': say('builder.palette.types') });
      for (const type of session.field_types) {
        const allowed = recipient !== null && roleMayFill(recipient.role, type);
        const button = element('button', { type: 'button', 'data-type': type, 'aria-pressed': ui.armed === type ? 'true' : 'false', disabled: !allowed }, say(`builder.type.${type}`));
        button.addEventListener('click', () => actions.arm(type));
        types.append(button);
      }
      const add = element('button', { type: 'button', id: 'palette-add', disabled: !ui.armed || !recipient }, say('builder.palette.add'));
      add.addEventListener('click', () => actions.addInView());
      const hint = element('p', { class: 'hint' }, say(state.recipients.length === 0 ? 'builder.palette.noRecipient' : ui.armed ? 'builder.palette.armed' : 'builder.palette.hint'));
      body.replaceChildren(labelled('palette-recipient', say('builder.palette.recipient'), select), types, add, hint);
    }
  };
}
