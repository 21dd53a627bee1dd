// Guided signing: each of the recipient's placements is a button on the page. The first one opens the
// dialog where the signature is adopted; after that a click applies it. A field's button opens its own
// dialog (fields.js). "Next" goes to the next place still to do (then to the finish card), and the
// progress says how many are done.
import { signaturePreview } from '/sign/assets/signature-input.js';

const $ = (id) => document.getElementById(id);

export function createGuide({ say, signatureInput, onChange, signatures = true, editor = null }) {
  const targets = [];
  const dialog = $('adopt-dialog');
  let adopted = null;
  let pendingIndex = null;

  // The adopt form lives in the dialog for guided signing; the finish card keeps only consent and the button.
  // Without a signature place (fields only), it stays in the finish card.
  if (signatures) {
    dialog.append($('adopt'));
    $('adopt-home').hidden = true;
  }
  $('guide').hidden = false;
  $('guided-summary').hidden = false;

  // The name a screen reader gives the place: what it shows, then whether it is signed and which of how many.
  const isDone = (entry) => (entry.field ? editor.done(entry.field) : entry.signed);

  function show(index) {
    const entry = targets[index];
    if (entry.field) {
      const status = document.createElement('span');
      status.className = 'sr-only';
      status.textContent = ` (${index + 1}/${targets.length})`;
      const shown = editor.shown(entry.field);
      entry.button.replaceChildren(shown, status);
      entry.button.classList.toggle('signed', isDone(entry));
      entry.button.classList.toggle('valued', shown.classList?.contains('field-value') === true);
      return;
    }
    const status = document.createElement('span');
    status.className = 'sr-only';
    status.textContent = ` ${entry.signed ? say('signed') : ''} (${index + 1}/${targets.length})`;
    entry.button.replaceChildren(entry.signed ? signaturePreview(adopted) : document.createTextNode(say('signHere')), status);
    entry.button.classList.toggle('signed', entry.signed);
  }

  function progress() {
    const done = targets.filter(isDone).length;
    const text = done === targets.length ? say('allDone') : say('progress', { done, total: targets.length });
    $("progress").textContent = say("progress", { done, total: targets.length });
    $('guided-summary').textContent = text;
    $('next').textContent = done === targets.length ? say('finish') : say('next');
    onChange();
  }

  function apply(index) {
    targets[index].signed = true;
    show(index);
    progress();
  }

  function openAdopt(index) {
    pendingIndex = index;
    $('adopt-apply').disabled = signatureInput.value() === null;
    dialog.showModal();
  }

  $('adopt-apply').addEventListener('click', () => {
    const signature = signatureInput.value();
    if (!signature) return;
    adopted = signature;
    dialog.close();
    for (const [index, entry] of targets.entries()) if (entry.signed) show(index);
    if (pendingIndex !== null) apply(pendingIndex);
  });
  $('adopt-cancel').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    const back = pendingIndex === null ? $('change-signature') : targets[pendingIndex].button;
    pendingIndex = null;
    back.focus();
  });
  $('change-signature').addEventListener('click', () => openAdopt(null));

  function next() {
    const focused = targets.findIndex((entry) => entry.button === document.activeElement);
    const after = targets.findIndex((entry, index) => index > focused && !isDone(entry));
    const index = after >= 0 ? after : targets.findIndex((entry) => !isDone(entry));
    if (index < 0) {
      $('finish').scrollIntoView({ block: 'center', behavior: 'smooth' });
      $('consent').focus({ preventScroll: true });
      return;
    }
    targets[index].button.scrollIntoView({ block: 'center', behavior: 'smooth' });
    targets[index].button.focus({ preventScroll: true });
  }
  $('next').addEventListener('click', next);

  /** A placement's button, in the order the pages show them; `onClick` gets the target's index. */
  function addTarget(placement, className, target, onClick) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = className;
    button.dataset.placement = placement.id;
    button.dataset.type = placement.type;
    const index = targets.length;
    targets.push({ button, ...target });
    button.addEventListener('click', () => onClick(index));
    show(index);
    progress();
    return button;
  }

  return {
    /** The button for one signature placement. */
    target: (placement) => addTarget(placement, 'placement', { signed: false }, (index) => {
      if (!adopted) openAdopt(index);
      else if (!targets[index].signed) apply(index);
    }),
    /** The button for one field placement: it opens the field's dialog, and shows its value once given. */
    field(placement) {
      const button = addTarget(placement, 'placement field', { field: placement }, (index) => editor.open(placement, () => {
        show(index);
        progress();
        button.focus();
      }));
      button.dataset.name = placement.name;
      return button;
    },
    /** Called when the adopt form changes, so its button is enabled only with something to adopt. */
    refresh() {
      if (!signatureInput) return;
      $('adopt-apply').disabled = signatureInput.value() === null;
      $('change-signature').hidden = adopted === null;
    },
    complete: () => (!signatures || adopted !== null) && targets.every(isDone),
    signature: () => (signatures ? adopted : signatureInput?.value() ?? null),
    next
  };
}
