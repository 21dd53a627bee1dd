// A refused save's problems (422 details: {field, message}) put next to what they name: a recipient's
// control (`recipients.<key>.<field>`), a placement (`placements.<index>...`, the index it had in the save),
// or, for anything else, the list under the toolbar only.

const PATH = /^(recipients|placements|documents)[.[]([^.\]]+)\]?(?:\.(.+))?$/;

export function locateProblems(details, { recipients, savedPlacementIds }) {
  const located = { recipients: new Map(), placements: new Map(), lines: [] };
  for (const detail of details) {
    const message = String(detail.message ?? '');
    const match = PATH.exec(String(detail.field ?? ''));
    const [, kind, key, rest] = match ?? [];
    if (kind === 'recipients') {
      const index = recipients.findIndex((recipient) => recipient.key === key);
      const field = (rest ?? '').split('.')[0];
      if (index >= 0) located.recipients.set(`recipient-${index}-${['name', 'email', 'role', 'order', 'witness_of'].includes(field) ? field : 'name'}`, message);
      located.lines.push({ target: index >= 0 ? recipients[index].name || key : key, message });
    } else if (kind === 'placements' && savedPlacementIds[Number(key)]) {
      const id = savedPlacementIds[Number(key)];
      located.placements.set(id, [...(located.placements.get(id) ?? []), rest ? `${rest}: ${message}` : message]);
      located.lines.push({ placement: id, message: rest ? `${rest}: ${message}` : message });
    } else {
      located.lines.push({ target: detail.field ?? '', message });
    }
  }
  return located;
}

/** Marks each recipient control a problem names, and says the problem under it. */
export function showControlProblems(located) {
  for (const [id, message] of located.recipients) {
    const control = document.getElementById(id);
    const slot = document.getElementById(`${id}-problem`);
    if (!control || !slot) continue;
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', slot.id);
    slot.textContent = message;
    slot.hidden = false;
  }
}
