// The editor page: the session's template or draft envelope, its pages, recipients and placements, edited
// with the mouse, the keyboard or numbers, and saved through the public API with the session's token. The
// token and the host's origin come in the address's fragment (cleared at once, kept in memory only).
import { ApiError, createApi } from './api.js';
import { element } from '/components/dom.js';
import { createHistory } from './history.js';
import { createHost } from './host.js';
import { createLibrary } from './library.js';
import { createSay } from '/components/messages.js';
import { freeKey, fromEnvelope, fromTemplate, isStamp, roleMayFill, STAMP_TYPES } from './model.js';
import { ZOOMS } from './pages-view.js';
import { place, positionOf } from './placements-view.js';
import { locateProblems, showControlProblems } from './problems.js';
import { asForm, base64Of, saveBody } from './request-body.js';
import { uploadDocument } from './uploads.js';
import { mountWorkspace } from './workspace.js';

const root = document.getElementById('builder');
const sessionId = root.dataset.session;
const say = createSay(JSON.parse(root.dataset.messages), document.documentElement.lang);
const fragment = new URLSearchParams(location.hash.slice(1));
history.replaceState(null, '', location.pathname + location.search);

const library = createLibrary();
const ui = { selected: new Set(), armed: null, recipient: null, preview: null, invalid: new Set() };
let api = null;
let session = null;
let subject = null;
let changes = null;
let busy = false;
let sent = false;
let savedDocuments = '[]';
let located = { recipients: new Map(), placements: new Map(), lines: [] };
let view = null;

const host = createHost({ origin: fragment.get('origin'), onMessage: (type, detail) => hostSaid(type, detail) });

function fail(key) {
  root.replaceChildren(element('div', { class: 'failure', role: 'alert' }, element('h1', {}, say('builder.title')), element('p', {}, say(key))));
}

const recipientOf = (key) => changes.state.recipients.find((recipient) => recipient.key === key) ?? null;
const nameOf = (key) => recipientOf(key)?.name || key;
const labelOf = (placement, page) => say('builder.placement.label', { type: say(`builder.type.${placement.type}`), recipient: nameOf(placement.recipient_key), page });
const where = (placement) => positionOf(placement, view.pages);
const colorOf = (key) => Math.max(0, changes.state.recipients.findIndex((recipient) => recipient.key === key)) % 6;

/** Makes one change: kept for undo, said aloud, told to the host, drawn. */
function commit(edit, announcement) {
  let result;
  changes.change((state) => {
    result = edit(state);
  });
  announce(typeof announcement === 'function' ? announcement(result) : announcement);
  host.tell('change', { revision: changes.revision });
  render();
  return result;
}

const announce = (text) => view.announce(text);
/** A new document's key, from its file name, unused among the documents. */
const documentKeyFor = (name, documents = changes.state.documents) => freeKey(name.replace(/\.pdf$/i, ''), documents.map((document) => document.key));
const pointsText = (value) => String(Math.round(value * 10) / 10);

function describePosition(id) {
  const placement = changes.state.placements.find((candidate) => candidate.id === id);
  const position = placement && where(placement);
  return position ? say('builder.announce.position', { left: pointsText(position.left), top: pointsText(position.top), width: pointsText(position.width), height: pointsText(position.height) }) : '';
}

const controller = {
  previewing: () => ui.preview !== null || sent,
  isSelected: (id) => ui.selected.has(id),
  selection: () => [...ui.selected],
  armedType: () => ui.armed,
  selectOnly(id) {
    ui.selected = new Set([id]);
    render();
  },
  toggle(id) {
    if (ui.selected.has(id)) ui.selected.delete(id);
    else ui.selected.add(id);
    announce(say('builder.announce.selected', { count: ui.selected.size }));
    render();
  },
  clearSelection() {
    if (ui.selected.size === 0) return;
    ui.selected = new Set();
    render();
  },
  focus(id) {
    view.placements.nodeOf(id)?.focus({ preventScroll: true });
  },
  escape() {
    if (ui.armed) ui.armed = null;
    else ui.selected = new Set();
    render();
  },
  /** Shows boxes where a drag would leave them, without changing anything yet. */
  preview(kind, ids, dx, dy) {
    for (const id of ids) {
      const placement = changes.state.placements.find((candidate) => candidate.id === id);
      const position = placement && where(placement);
      const node = view.placements.nodeOf(id);
      if (!position || !node) continue;
      const size = position.page.size;
      const box = kind === 'move'
        ? { ...position, left: Math.min(Math.max(0, position.left + dx), size.width - position.width), top: Math.min(Math.max(0, position.top + dy), size.height - position.height) }
        : { ...position, width: Math.max(4, position.width + dx), height: Math.max(4, position.height + dy) };
      place(node, box, size);
    }
  },
  cancelPreview: () => render(),
  placeAt(type, page, point) {
    const recipient = recipientOf(ui.recipient);
    if (!recipient || !roleMayFill(recipient.role, type)) return announce(say('builder.palette.noRecipient'));
    const id = commit((state) => view.edits.add(state, { type, recipientKey: recipient.key, documentKey: page.documentKey, page, x: point.x, y: point.y }),
      (added) => say('builder.announce.placed', { placement: labelOf(changes.state.placements.find((candidate) => candidate.id === added), page.number) }));
    ui.selected = new Set([id]);
    render();
    controller.focus(id);
  },
  moveBy(ids, dx, dy) {
    if (ids.length === 0) return;
    commit((state) => view.edits.moveBy(state, ids, dx, dy), () => describePosition(ids[0]));
  },
  resizeBy(ids, dw, dh) {
    const fields = ids.filter((id) => !isStamp(changes.state.placements.find((placement) => placement.id === id)?.type));
    if (fields.length === 0) return announce(say('builder.announce.fixedSize'));
    commit((state) => view.edits.resizeBy(state, fields, dw, dh), () => describePosition(fields[0]));
  },
  duplicate(ids) {
    const copies = commit((state) => view.edits.duplicate(state, ids), (made) => say('builder.announce.duplicated', { count: made.length }));
    ui.selected = new Set(copies);
    render();
    if (copies[0]) controller.focus(copies[0]);
  },
  remove(ids) {
    commit((state) => view.edits.remove(state, ids), say('builder.announce.removed', { count: ids.length }));
    ui.selected = new Set();
    render();
  },
  undo() {
    if (ui.preview !== null || !changes.undo()) return;
    afterTimeTravel('builder.announce.undone');
  },
  redo() {
    if (ui.preview !== null || !changes.redo()) return;
    afterTimeTravel('builder.announce.redone');
  }
};

function afterTimeTravel(key) {
  const ids = new Set(changes.state.placements.map((placement) => placement.id));
  ui.selected = new Set([...ui.selected].filter((id) => ids.has(id)));
  if (!recipientOf(ui.recipient)) ui.recipient = changes.state.recipients[0]?.key ?? null;
  announce(say(key));
  host.tell('change', { revision: changes.revision });
  render();
}

async function readPdf(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // "%PDF" at the start: anything else is refused here, before pdf.js or the API see it.
  if (bytes.length < 5 || String.fromCharCode(...bytes.slice(0, 4)) !== '%PDF') throw new Error('not a PDF');
  return bytes;
}

let fileCount = 0;
async function addFile(file) {
  const bytes = await readPdf(file);
  const source = `file:${(fileCount += 1)}`;
  library.addFile(source, bytes);
  await library.pagesOf(source);
  return source;
}

const actions = {
  chooseRecipient(key) {
    ui.recipient = key;
    if (ui.armed && !roleMayFill(recipientOf(key).role, ui.armed)) ui.armed = null;
    render();
  },
  arm(type) {
    if (view.pointer.takeDragged()) return;
    ui.armed = ui.armed === type ? null : type;
    announce(ui.armed ? say('builder.announce.armed', { type: say(`builder.type.${type}`) }) : say('builder.announce.disarmed'));
    render();
  },
  addInView() {
    const area = view.pagesArea.getBoundingClientRect();
    const page = view.pages.pages().find((candidate) => candidate.frame.getBoundingClientRect().bottom > area.top + 40) ?? view.pages.pages()[0];
    if (page && ui.armed) controller.placeAt(ui.armed, page, { x: page.size.width / 2, y: page.size.height / 2 });
  },
  placeOnToken(page, token) {
    const recipient = recipientOf(ui.recipient);
    const type = ui.armed ?? STAMP_TYPES.find((candidate) => session.field_types.includes(candidate) && roleMayFill(recipient.role, candidate));
    if (!type || !roleMayFill(recipient.role, type)) return announce(say('builder.palette.noRecipient'));
    const id = commit((state) => view.edits.add(state, { type, recipientKey: recipient.key, documentKey: page.documentKey, page, token }),
      say('builder.announce.placedOnToken', { type: say(`builder.type.${type}`), token }));
    ui.selected = new Set([id]);
    render();
    controller.focus(id);
  },
  addRecipient() {
    const key = freeKey('recipient', changes.state.recipients.map((recipient) => recipient.key));
    const role = session.roles.includes('SIGNER') ? 'SIGNER' : session.roles[0];
    const order = Math.max(0, ...changes.state.recipients.map((recipient) => recipient.order + 1));
    commit((state) => state.recipients.push({ key, name: '', email: '', role, order, witness_of: '', kept: {} }), say('builder.announce.recipientAdded', { number: changes.state.recipients.length + 1 }));
    ui.recipient ??= key;
    render();
    document.getElementById(`recipient-${changes.state.recipients.length - 1}-name`)?.focus();
  },
  removeRecipient(key) {
    const name = nameOf(key);
    commit((state) => {
      state.recipients = state.recipients.filter((recipient) => recipient.key !== key);
      state.placements = state.placements.filter((placement) => placement.recipient_key !== key);
      for (const recipient of state.recipients) if (recipient.witness_of === key) recipient.witness_of = '';
    }, say('builder.announce.recipientRemoved', { name }));
    if (ui.recipient === key) ui.recipient = changes.state.recipients[0]?.key ?? null;
    render();
    document.getElementById('recipient-add')?.focus();
  },
  updateRecipient(key, field, value) {
    commit((state) => {
      const recipient = state.recipients.find((candidate) => candidate.key === key);
      recipient[field] = value;
      if (field === 'role' && value !== 'WITNESS') recipient.witness_of = '';
    }, say('builder.announce.changed', { name: say(`builder.recipients.${field === 'witness_of' ? 'witnessOf' : field}`) }));
  },
  setProperty(id, field, value) {
    commit((state) => {
      state.placements.find((placement) => placement.id === id)[field] = value;
    }, say('builder.announce.changed', { name: say(`builder.properties.${{ recipient_key: 'recipient', default_value: 'default' }[field] ?? field}`) }));
  },
  moveTo(id, box) {
    commit((state) => view.edits.moveTo(state, id, box), () => describePosition(id));
  },
  resizeTo(id, box) {
    commit((state) => view.edits.resizeTo(state, id, box), () => describePosition(id));
  },
  arrange(ids, how) {
    commit((state) => view.edits.arrange(state, ids, how), say(how.startsWith('distribute-') ? 'builder.announce.distributed' : 'builder.announce.aligned', { count: ids.length }));
  },
  remove: (ids) => controller.remove(ids),
  async addDocument(file) {
    if (subject.kind === 'envelope') return addByUpload(file);
    try {
      const source = await addFile(file);
      const name = file.name || 'document.pdf';
      const key = documentKeyFor(name);
      commit((state) => state.documents.push({ key, name, type: 'SIGNABLE', source }), say('builder.announce.documentAdded', { name }));
    } catch {
      view.toolbar.status(say('builder.documents.notPdf'));
    }
  },
  async replaceDocument(key, file) {
    try {
      const source = await addFile(file);
      commit((state) => Object.assign(state.documents.find((document) => document.key === key), { source, name: file.name || 'document.pdf' }),
        say('builder.announce.documentReplaced', { name: file.name }));
    } catch {
      view.toolbar.status(say('builder.documents.notPdf'));
    }
  },
  zoom(step) {
    const index = ZOOMS.findIndex((value) => value >= view.pages.zoom);
    view.pages.setZoom(ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (index < 0 ? ZOOMS.length - 1 : index) + step))]);
    render();
  },
  undo: () => controller.undo(),
  redo: () => controller.redo(),
  preview(key) {
    ui.preview = key && recipientOf(key) ? key : null;
    ui.selected = new Set();
    ui.armed = null;
    announce(ui.preview ? say('builder.preview.on', { name: nameOf(ui.preview) }) : say('builder.preview.offAnnounced'));
    render();
  },
  save: () => save(),
  send: () => send()
};

/**
 * An envelope's document is added through the upload flow and joins the envelope at once: the saved
 * documents then include it, so a save sends documents again only if the user changes them afterwards.
 */
async function addByUpload(file) {
  const name = file.name || 'document.pdf';
  const key = documentKeyFor(name);
  busy = true;
  view.toolbar.status(say('builder.documents.uploading', { name }));
  render();
  try {
    const stored = await uploadDocument({ api, envelopeId: subject.id, file, key, order: changes.state.documents.length });
    const source = `stored:${stored.id}`;
    library.addStored(source, stored.url);
    commit((state) => state.documents.push({ key, name: stored.file_name, type: stored.file_type ?? 'SIGNABLE', source }), say('builder.announce.documentAdded', { name }));
    savedDocuments = JSON.stringify(changes.state.documents);
    view.toolbar.status('');
  } catch {
    view.toolbar.status(say('builder.documents.uploadFailed', { name }));
  } finally {
    busy = false;
    render();
  }
}

function problemLine(line) {
  const placement = line.placement && changes.state.placements.find((candidate) => candidate.id === line.placement);
  if (!placement) return `${line.target ? `${line.target}: ` : ''}${line.message}`;
  const button = element('button', { type: 'button', class: 'quiet' }, `${labelOf(placement, (where(placement)?.page.number ?? 0))}: ${line.message}`);
  button.addEventListener('click', () => {
    controller.selectOnly(placement.id);
    controller.focus(placement.id);
  });
  return button;
}

function showProblems(details, savedPlacementIds) {
  located = locateProblems(details, { recipients: changes.state.recipients, savedPlacementIds });
  ui.invalid = new Set(located.placements.keys());
  view.toolbar.problems(located.lines.map(problemLine));
}

function tellSaved() {
  host.tell('save', subject.kind === 'envelope' ? { envelope_id: subject.id } : { template_id: subject.id });
}

async function save() {
  if (busy || sent) return false;
  busy = true;
  view.toolbar.status(say('builder.saving'));
  render();
  const state = changes.state;
  const savedPlacementIds = state.placements.map((placement) => placement.id);
  const withDocuments = JSON.stringify(state.documents) !== savedDocuments;
  try {
    const body = await saveBody(state, { placeholders: subject.kind === 'template', withDocuments, withRecipients: subject.kind === 'template', bytesOf: library.bytesOf });
    const answer = subject.kind === 'template'
      ? await api.put(`/api/v1/templates/${encodeURIComponent(subject.id)}`, body)
      : await api.put(`/api/v1/envelopes/${encodeURIComponent(subject.id)}`, asForm(body));
    savedDocuments = JSON.stringify(state.documents);
    // An envelope takes a placement its documents do not have, and says so in `errors` (it is then in ERROR).
    const errors = answer.envelope?.errors ?? [];
    showProblems(errors, savedPlacementIds);
    view.toolbar.status(say(errors.length ? 'builder.savedWithProblems' : 'builder.saved'));
    tellSaved();
    if (errors.length) host.tell('error', { code: 'ENVELOPE_ERROR', message: errors.map((error) => error.message).join('; ') });
    return errors.length === 0;
  } catch (error) {
    const refused = error instanceof ApiError && error.status === 422;
    if (refused) showProblems(error.details, savedPlacementIds);
    view.toolbar.status(say(refused ? 'builder.saveRefused' : 'builder.saveFailed'));
    host.tell('error', { code: error.code ?? 'SAVE_FAILED', message: error.message });
    return false;
  } finally {
    busy = false;
    render();
  }
}

async function send() {
  if (!(await save())) return;
  busy = true;
  view.toolbar.status(say('builder.sending'));
  render();
  try {
    await api.post(`/api/v1/envelopes/${encodeURIComponent(subject.id)}/send_invitation`);
    sent = true;
    ui.selected = new Set();
    ui.armed = null;
    view.toolbar.status(say('builder.sent'));
    host.tell('send', { envelope_id: subject.id });
  } catch (error) {
    view.toolbar.status(say('builder.sendFailed'));
    host.tell('error', { code: error.code ?? 'SEND_FAILED', message: error.message });
  } finally {
    busy = sent;
    render();
  }
}

function hostSaid(type, detail) {
  if (!changes) return;
  if (type === 'save') save();
  else if (type === 'preview') actions.preview(typeof detail.recipient_key === 'string' ? detail.recipient_key : null);
  else if (type === 'set-token' && typeof detail.token === 'string' && detail.token) api.setToken(detail.token);
}

let drawn = Promise.resolve();
function render() {
  if (!changes) return;
  const focused = document.activeElement?.id || null;
  const state = changes.state;
  const shown = { state, session, ui: { ...ui, readOnly: ui.preview !== null || sent }, history: changes, zoom: view.pages.zoom, busy };
  for (const panel of [view.palette, view.recipients, view.properties, view.tokens, view.documents, view.toolbar]) panel.render(shown);
  view.placements.render(state, shown.ui);
  if (focused && document.activeElement === document.body) document.getElementById(focused)?.focus({ preventScroll: true });
  showControlProblems(located);
  const selected = state.placements.filter((placement) => ui.selected.has(placement.id));
  const problem = document.getElementById('placement-problem');
  if (problem && selected.length === 1 && located.placements.has(selected[0].id)) {
    problem.textContent = located.placements.get(selected[0].id).join('; ');
    problem.hidden = false;
  }
  root.dataset.revision = String(changes.revision);
  drawn = drawn.then(() => view.pages.show(state.documents)).then((laidOut) => {
    if (!laidOut) return;
    view.placements.render(changes.state, shown.ui);
    view.tokens.render(shown);
  });
}

async function edit(state) {
  changes = createHistory(state);
  savedDocuments = JSON.stringify(state.documents);
  ui.recipient = state.recipients[0]?.key ?? null;
  view = mountWorkspace({
    root, say, library, actions, controller, where, labelOf, colorOf,
    canSend: subject.kind === 'envelope' && session.actions.includes('send')
  });
  render();
  await drawn;
  view.pages.setZoom(view.pages.fittingZoom());
  render();
  root.dataset.ready = 'true';
}

async function load() {
  subject = session.envelope_id ? { kind: 'envelope', id: session.envelope_id } : { kind: 'template', id: session.template_id };
  const answer = await api.get(`/api/v1/${subject.kind}s/${encodeURIComponent(subject.id)}`);
  const record = answer[subject.kind];
  for (const document of record.documents) if (document.url) library.addStored(`stored:${document.id}`, document.url);
  await edit(subject.kind === 'envelope' ? fromEnvelope(record) : fromTemplate(record));
  host.tell('ready');
}

/** A new template: its first PDF makes it (POST /api/v1/templates), then it is edited as any template. */
function askForFirstDocument() {
  const input = element('input', { type: 'file', id: 'first-document', accept: 'application/pdf' });
  const status = element('p', { role: 'status', id: 'start-status' });
  root.replaceChildren(element('main', { class: 'start' }, element('h1', {}, say('builder.new.title')), element('p', {}, say('builder.new.intro')),
    element('label', { for: 'first-document' }, say('builder.new.choose')), input, status));
  host.tell('ready');
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    input.disabled = true;
    status.textContent = say('builder.new.creating');
    try {
      const bytes = await readPdf(file);
      const name = file.name || 'document.pdf';
      const key = documentKeyFor(name, []);
      const created = await api.post('/api/v1/templates', { name: name.replace(/\.pdf$/i, '').slice(0, 255) || 'Template', documents: { [key]: { base64: await base64Of(bytes), name } } });
      subject = { kind: 'template', id: created.template.id };
      session = { ...session, template_id: created.template.id };
      for (const document of created.template.documents) library.addFile(`stored:${document.id}`, bytes);
      await edit(fromTemplate(created.template));
      host.tell('save', { template_id: subject.id });
    } catch (error) {
      input.disabled = false;
      status.textContent = say(error instanceof ApiError ? 'builder.saveFailed' : 'builder.documents.notPdf');
      if (error instanceof ApiError) host.tell('error', { code: error.code ?? 'SAVE_FAILED', message: error.message });
    }
  });
}

async function start() {
  const token = fragment.get('token');
  if (!token || !fragment.get('origin')) return fail('builder.error.link');
  api = createApi({ token, onTokenExpired: () => {
    host.tell('token-expired');
    view?.toolbar.status(say('builder.tokenExpired'));
  } });
  try {
    session = (await api.get(`/api/v1/builder_sessions/${encodeURIComponent(sessionId)}`)).builder_session;
  } catch {
    return fail('builder.error.session');
  }
  if (!host.allow(session.origins)) return fail('builder.error.origin');
  try {
    if (session.new_template && !session.template_id) askForFirstDocument();
    else await load();
  } catch (error) {
    fail('builder.error.load');
    host.tell('error', { code: error.code ?? 'LOAD_FAILED', message: error.message });
  }
}

start();
