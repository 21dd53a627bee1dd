// Recipients: name, email, role (among the session's), order (recipients with the same number act at the
// same time), and for a witness, whose signature they witness. Removing one removes its placements. An
// envelope's recipients are shown, not edited: they carry what the editor does not see (phones, checks).
import { element, labelled } from '/components/dom.js';

export function createRecipientsPanel({ container, say, actions }) {
  const heading = element('h2', { id: 'recipients-title' }, say('builder.recipients.title'));
  const list = element('div');
  const add = element('button', { type: 'button', id: 'recipient-add' }, say('builder.recipients.add'));
  add.addEventListener('click', () => actions.addRecipient());
  const fixedHint = element('p', { class: 'hint', id: 'recipients-fixed', hidden: true }, say('builder.recipients.fixed'));
  container.append(heading, fixedHint, list, add);
  container.setAttribute('aria-labelledby', 'recipients-title');

  function input(value, type, onChange) {
    const control = element('input', { type, value });
    control.addEventListener('change', () => onChange(control.value));
    return control;
  }

  return {
    render({ state, session, ui }) {
      const fixed = Boolean(session.envelope_id);
      fixedHint.hidden = !fixed;
      add.hidden = fixed;
      add.disabled = ui.readOnly;
      list.replaceChildren(...state.recipients.map((recipient, index) => {
        const id = `recipient-${index}`;
        const set = (field) => (value) => actions.updateRecipient(recipient.key, field, value);
        const role = element('select');
        for (const option of new Set([...session.roles, recipient.role])) role.append(element('option', { value: option, selected: option === recipient.role }, say(`builder.role.${option}`)));
        role.addEventListener('change', () => actions.updateRecipient(recipient.key, 'role', role.value));
        const group = element('fieldset', { class: 'recipient', 'data-color': String(index % 6), disabled: ui.readOnly || fixed });
        group.append(
          element('legend', {}, say('builder.recipients.legend', { number: index + 1, name: recipient.name || recipient.key })),
          labelled(`${id}-name`, say('builder.recipients.name'), input(recipient.name, 'text', set('name'))),
          labelled(`${id}-email`, say('builder.recipients.email'), input(recipient.email, 'email', set('email'))),
          labelled(`${id}-role`, say('builder.recipients.role'), role),
          labelled(`${id}-order`, say('builder.recipients.order'), input(String(recipient.order), 'number', (value) => actions.updateRecipient(recipient.key, 'order', Math.max(0, Math.round(Number(value) || 0)))))
        );
        group.querySelector(`#${id}-order`).min = '0';
        if (recipient.role === 'WITNESS') {
          const of = element('select');
          of.append(element('option', { value: '' }, say('builder.recipients.witnessNone')));
          for (const signer of state.recipients.filter((candidate) => candidate.role === 'SIGNER')) of.append(element('option', { value: signer.key, selected: signer.key === recipient.witness_of }, signer.name || signer.key));
          of.addEventListener('change', () => actions.updateRecipient(recipient.key, 'witness_of', of.value));
          group.append(labelled(`${id}-witness_of`, say('builder.recipients.witnessOf'), of));
        }
        const remove = element('button', { type: 'button', class: 'quiet', id: `${id}-remove` }, say('builder.recipients.remove', { name: recipient.name || recipient.key }));
        remove.addEventListener('click', () => actions.removeRecipient(recipient.key));
        group.append(remove);
        return group;
      }));
    }
  };
}
