// A small helper to build elements: attributes set only when they have a value (true for a bare attribute).

export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.className = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** A labelled control in a wrapper: `<label for>` and the control, plus a slot for its problem. */
export function labelled(id, label, control) {
  control.id = id;
  const problem = element('p', { class: 'problem', id: `${id}-problem`, hidden: true });
  return element('div', { class: 'control' }, element('label', { for: id }, label), control, problem);
}
