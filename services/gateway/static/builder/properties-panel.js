// The selected placement's properties: recipient, name, required, read-only, options, pattern, limits,
// default value, and its place and size in points. With several selected: align and distribute them.
import { element, labelled } from '/components/dom.js';
import { boxOf, isStamp, roleMayFill } from './model.js';

const ARRANGEMENTS = ['left', 'centre-horizontal', 'right', 'top', 'centre-vertical', 'bottom'];

export function createPropertiesPanel({ container, say, actions, where }) {
  const heading = element('h2', { id: 'properties-title' }, say('builder.properties.title'));
  const body = element('div');
  container.append(heading, body);
  container.setAttribute('aria-labelledby', 'properties-title');

  function text(id, label, value, onChange, attributes = {}) {
    const control = element('input', { type: 'text', value, ...attributes });
    control.addEventListener('change', () => onChange(control.value.trim()));
    return labelled(id, label, control);
  }

  function tick(id, label, checked, onChange) {
    const control = element('input', { type: 'checkbox', id, checked });
    control.addEventListener('change', () => onChange(control.checked));
    return element('div', { class: 'control tick' }, control, element('label', { for: id }, label));
  }

  function points(id, label, value, onChange, disabled) {
    const control = element('input', { type: 'number', value: String(Math.round(value * 100) / 100), min: '0', step: '1', disabled, inputmode: 'decimal' });
    control.addEventListener('change', () => {
      const number = Number(control.value);
      if (control.value !== '' && Number.isFinite(number)) onChange(number);
    });
    return labelled(id, label, control);
  }

  function several(ids) {
    const buttons = ARRANGEMENTS.map((how) => {
      const button = element('button', { type: 'button', id: `align-${how}` }, say(`builder.align.${how}`));
      button.addEventListener('click', () => actions.arrange(ids, how));
      return button;
    });
    const spread = ['horizontal', 'vertical'].map((axis) => {
      const button = element('button', { type: 'button', id: `distribute-${axis}`, disabled: ids.length < 3 }, say(`builder.distribute.${axis}`));
      button.addEventListener('click', () => actions.arrange(ids, `distribute-${axis}`));
      return button;
    });
    const remove = element('button', { type: 'button', class: 'danger', id: 'selection-remove' }, say('builder.properties.removeAll'));
    remove.addEventListener('click', () => actions.remove(ids));
    return [
      element('p', {}, say('builder.properties.selected', { count: ids.length })),
      element('div', { class: 'buttons', role: 'group', 'aria-label': say('builder.align.title') }, ...buttons),
      element('div', { class: 'buttons', role: 'group', 'aria-label': say('builder.distribute.title') }, ...spread),
      remove
    ];
  }

  function one(placement, state) {
    const set = (field) => (value) => actions.setProperty(placement.id, field, value);
    const position = where(placement);
    const box = position ?? { left: placement.left, top: placement.top, ...boxOf(placement) };
    const recipient = element('select');
    for (const candidate of state.recipients) {
      recipient.append(element('option', { value: candidate.key, selected: candidate.key === placement.recipient_key, disabled: !roleMayFill(candidate.role, placement.type) }, candidate.name || candidate.key));
    }
    recipient.addEventListener('change', () => actions.setProperty(placement.id, 'recipient_key', recipient.value));
    const nodes = [
      element('p', { class: 'kind' }, say(`builder.type.${placement.type}`)),
      element('p', { class: 'problem', id: 'placement-problem', hidden: true }),
      labelled('prop-recipient', say('builder.properties.recipient'), recipient),
      text('prop-name', say('builder.properties.name'), placement.name, set('name'), { pattern: '[A-Za-z0-9_.\\-]{1,64}', 'aria-describedby': 'prop-name-hint' }),
      element('p', { class: 'hint', id: 'prop-name-hint' }, say('builder.properties.nameHint'))
    ];
    if (!isStamp(placement.type)) {
      nodes.push(tick('prop-required', say('builder.properties.required'), placement.required, set('required')));
      nodes.push(tick('prop-readonly', say('builder.properties.readonly'), placement.readonly, set('readonly')));
      if (['RADIO', 'DROPDOWN'].includes(placement.type)) nodes.push(text('prop-options', say('builder.properties.options'), placement.options, set('options')));
      if (placement.type === 'TEXT') nodes.push(text('prop-pattern', say('builder.properties.pattern'), placement.pattern, set('pattern')));
      if (['NUMBER', 'DATE'].includes(placement.type)) {
        const hint = placement.type === 'DATE' ? { placeholder: 'YYYY-MM-DD' } : { inputmode: 'decimal' };
        nodes.push(text('prop-min', say('builder.properties.min'), placement.min, set('min'), hint));
        nodes.push(text('prop-max', say('builder.properties.max'), placement.max, set('max'), hint));
      }
      nodes.push(text('prop-default', say('builder.properties.default'), placement.default_value, set('default_value')));
    }
    if (placement.token) nodes.push(element('p', { class: 'hint' }, say('builder.properties.onToken', { token: placement.token })));
    const geometry = element('fieldset', { class: 'geometry' }, element('legend', {}, say('builder.properties.geometry')),
      points('prop-left', say('builder.properties.left'), box.left, (value) => actions.moveTo(placement.id, { left: value }), !position),
      points('prop-top', say('builder.properties.top'), box.top, (value) => actions.moveTo(placement.id, { top: value }), !position),
      points('prop-width', say('builder.properties.width'), box.width, (value) => actions.resizeTo(placement.id, { width: value }), !position || isStamp(placement.type)),
      points('prop-height', say('builder.properties.height'), box.height, (value) => actions.resizeTo(placement.id, { height: value }), !position || isStamp(placement.type)));
    const remove = element('button', { type: 'button', class: 'danger', id: 'selection-remove' }, say('builder.properties.remove'));
    remove.addEventListener('click', () => actions.remove([placement.id]));
    return [...nodes, geometry, remove];
  }

  return {
    render({ state, ui }) {
      const selected = state.placements.filter((placement) => ui.selected.has(placement.id));
      if (ui.readOnly || selected.length === 0) body.replaceChildren(element('p', { class: 'hint' }, say(ui.preview !== null ? 'builder.preview.hint' : 'builder.properties.none')));
      else if (selected.length === 1) body.replaceChildren(...one(selected[0], state));
      else body.replaceChildren(...several(selected.map((placement) => placement.id)));
    }
  };
}
