// The signer page's behaviour: shows the documents, guides the signer through their placements, and talks
// to the public signing API (/signing/v1/:token). The server already rendered the state and the texts
// (in the envelope's language, in data-messages): no message of the API is shown as it came.
import { redirectAfter, tell } from '/sign/assets/embed.js';
import { createFieldEditor, FIELD_TYPES } from '/sign/assets/fields.js';
import { createGuide } from '/sign/assets/guide.js';
import { startIdentityStep } from '/sign/assets/identity.js';
import { createPageDrawer, layOutDocument } from '/sign/assets/pdf-pages.js';
import { createSignatureInput } from '/sign/assets/signature-input.js';

const $ = (id) => document.getElementById(id);
const root = $('signer');
const messages = JSON.parse(root.dataset.messages);
// A plural message comes as one template per plural category of the page's language; numbers are written its way.
const plurals = new Intl.PluralRules(document.documentElement.lang);
const numbers = new Intl.NumberFormat(document.documentElement.lang);
const countOf = (values) => Number(Object.values(values)[0]);
const say = (key, values = {}) => {
  const message = typeof messages[key] === 'string' ? messages[key] : messages[key][plurals.select(countOf(values))] ?? messages[key].other;
  return message.replace(/\{(\w+)\}/g, (_, name) => (typeof values[name] === 'number' ? numbers.format(values[name]) : String(values[name])));
};
const api = (path) => `/signing/v1/${encodeURIComponent(root.dataset.token)}${path}`;
// Signing waits for every gate: a code step or an identity step on the page is one still to pass.
let codeVerified = !$('code-step') && !$('identity-step');
// The code step asks for one channel's code (email or sms); with another still to verify, the page reloads for it.
const channel = $('code-step')?.dataset.channel ?? 'email';
let documentsShown = false;
let guide = null;
// A VIEWER only reads (opening the session was their part); an APPROVER approves with consent, no signature.
const role = $('finish')?.dataset.role ?? 'SIGNER';
const viewer = role === 'VIEWER';
const approver = role === 'APPROVER';
let fieldPlacements = [];
const editor = viewer ? null : createFieldEditor({ say, preview: previewField, upload: uploadFile });

class ApiError extends Error {
  constructor(response, answer) {
    super(answer.error ?? String(response.status));
    this.status = response.status;
    this.code = answer.code ?? null;
    this.details = (answer.details ?? []).map((detail) => detail.message).join('; ');
    this.fields = (answer.details ?? []).filter((detail) => String(detail.field).startsWith('fields.')).map((detail) => detail.field.slice(7));
    this.codes = (answer.details ?? []).map((detail) => detail.code).filter(Boolean);
    this.retryAfter = response.headers.get('retry-after');
  }
}

async function post(path, body) {
  const response = await fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response, answer);
  return answer;
}

/** How the document will draw one value, or the kind of problem that keeps it out (the server checks again at signing). */
async function previewField(name, value) {
  try {
    const answer = await post('/fields/preview', { fields: { [name]: value } });
    return { layout: answer.fields[name] ?? null };
  } catch (error) {
    if (error.status === 422) return { problem: error.codes.includes('VALUE_TOO_LONG') ? 'VALUE_TOO_LONG' : 'INVALID' };
    return { layout: null };
  }
}

function failure(error) {
  if (error.code === 'SIGNATURE_PROVIDER_REFUSED') return say('providerRefused');
  if (error.code === 'SIGNATURE_PROVIDER_UNAVAILABLE') return say('providerUnavailable');
  if (error.status === 409) return say('conflict');
  const named = (error.fields ?? []).join(', ');
  if (error.status === 422 && error.codes.includes('VALUE_TOO_LONG')) return say('field.tooLong');
  if (error.status === 422 && named) return say('field.missing', { names: named });
  if (error.status === 403) return say('codeRequired');
  return say('failed');
}

const signatureInput = viewer ? null : createSignatureInput({ color: root.dataset.color, onChange: () => refresh() });

function refresh() {
  if (viewer) return;
  guide?.refresh();
  const ready = guide ? guide.complete() : true;
  const signature = approver || (ready && (guide ? guide.signature() : signatureInput.value()));
  // Signing waits until every page has been drawn: consent is to what the signer could see.
  // A qualified signature also needs the code the signing provider sent.
  const providerCode = !$('provider-code') || $('provider-code').value.trim() !== '';
  $('sign').disabled = !($('consent').checked && ready && signature && codeVerified && documentsShown && providerCode);
}

/** A placement's mark on the page: a field's or a signature's button, or (an approver's approval) a plain label. */
function targetFor(placement) {
  if (FIELD_TYPES.includes(placement.type)) return guide.field(placement);
  if (approver || viewer) {
    const mark = document.createElement('div');
    mark.className = 'placement signed';
    mark.textContent = approver ? say('field.approve') : '';
    mark.setAttribute('aria-hidden', 'true');
    return mark;
  }
  return guide.target(placement);
}

// Buttons come disabled from the server and work once their handler is here: a click before that would be lost.
function action(button, run, onError) {
  if (!$(button)) return;
  $(button).disabled = false;
  $(button).addEventListener('click', async () => {
    $(button).disabled = true;
    try {
      await run();
    } catch (error) {
      onError(error);
      tell('error', { status: error.status ?? null });
    } finally {
      $(button).disabled = false;
      refresh();
    }
  });
}

const pageLabel = (page, pages) => say('page', { page, pages });

async function showDocuments() {
  const session = await (await fetch(api(''))).json();
  if (session.state !== 'READY') return location.reload();
  const container = $('documents');
  const drawer = createPageDrawer({
    onFirst() {
      // Marks read by `npm run bench` (time from navigation to the first page visible).
      performance.mark('signet:first-page');
      $('loading').hidden = true;
      container.dataset.firstPage = 'true';
    },
    onAll() {
      if (!documentsShown) performance.mark('signet:all-pages');
      documentsShown = true;
      container.dataset.rendered = 'true';
      refresh();
    }
  });
  const placements = session.documents.flatMap((document) => document.placements);
  fieldPlacements = placements.filter((placement) => FIELD_TYPES.includes(placement.type));
  // Prefilled values are shown as the document will draw them, like the ones the signer types.
  const initial = editor?.initialValues(fieldPlacements) ?? {};
  if (Object.keys(initial).length > 0) editor.prefilled((await post('/fields/preview', { fields: initial }).catch(() => ({ fields: {} }))).fields);
  const signatures = !approver && placements.some((placement) => !FIELD_TYPES.includes(placement.type));
  if (!viewer && (signatures || fieldPlacements.length > 0)) guide = createGuide({ say, signatureInput, onChange: refresh, signatures, editor });
  const loaders = session.documents.map((document) => {
    const ordered = { ...document, placements: [...document.placements].sort((a, b) => a.page - b.page || a.top - b.top || a.left - b.left) };
    return drawer.add(layOutDocument(container, ordered, pageLabel, targetFor));
  });
  $('doc-tools').hidden = false;
  $('zoom').addEventListener('change', (event) => {
    container.style.setProperty('--zoom', event.target.value);
    drawer.redraw();
  });
  let resizing = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => drawer.redraw(), 250);
  });
  await Promise.all(loaders.map((loader, index) => loader.load(api(`/documents/${session.documents[index].id}`))));
  refresh();
}

function showDocumentsOrSay() {
  showDocuments().catch((error) => {
    $('loading').textContent = say('loadFailed');
    console.error(error);
    tell('error', { status: error.status ?? null });
  });
}

function codeFailure(error) {
  // Refusals of the SMS itself, not of the code: asking again or typing digits would not help.
  if (error.code === 'SMS_COUNTRY_NOT_ALLOWED') return say('smsNotAllowed');
  if (error.code === 'SMS_DAILY_LIMIT_REACHED') return say('smsLimit');
  if (error.status === 429) return say('codeWait', { seconds: Number(error.retryAfter ?? 60) });
  if (error.status === 404) return say('codeMissing');
  if (error.status !== 422) return failure(error);
  const left = /(\d+) attempts? left/.exec(error.details);
  if (left) return say('codeWrong', { left: Number(left[1]) });
  if (/no longer works/.test(error.details)) return say('codeExhausted');
  if (/expired/.test(error.details)) return say('codeExpired');
  return say('codeFormat');
}

function showCodeError(text) {
  $('code-error').textContent = text;
  $('code').setAttribute('aria-invalid', text ? 'true' : 'false');
}

action('send-code', async () => {
  showCodeError('');
  await post('/validation/send_code', { channel });
  $('code-status').textContent = $('code-step').dataset.sent ?? say('codeSent');
  $('code').focus();
}, (error) => showCodeError(codeFailure(error)));

action('verify-code', async () => {
  const code = $('code').value.trim();
  if (!/^[0-9]{6}$/.test(code)) {
    showCodeError(say('codeFormat'));
    return;
  }
  showCodeError('');
  await post('/validation/verify_code', { code, channel });
  if ($('code-step').dataset.more === 'true') {
    location.reload();
    return;
  }
  codeVerified = true;
  $('code-step').hidden = true;
  $('finish').hidden = false;
  if ($('documents').hidden) {
    $('documents').hidden = false;
    showDocumentsOrSay();
  }
  root.querySelector('h1')?.setAttribute('tabindex', '-1');
  root.querySelector('h1')?.focus();
}, (error) => showCodeError(codeFailure(error)));

$('code')?.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') $('verify-code').click();
});

async function uploadFile(file) {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(api('/attachments'), { method: 'POST', body: form });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response, answer);
  return answer.attachment.id;
}

action('sign', async () => {
  $('error').textContent = '';
  const fields = editor.collect(fieldPlacements);
  const otp = $('provider-code') ? { otp: $('provider-code').value.trim() } : {};
  if (approver) await post('/sign', { consent: true, fields, ...otp });
  else await post('/sign', { consent: true, signature: guide ? guide.signature() : signatureInput.value(), fields, ...otp });
  tell('signed', { state: 'ALREADY_SIGNED' });
  if (!redirectAfter('signed')) location.reload();
}, (error) => { $('error').textContent = failure(error); });

$('consent')?.addEventListener('change', refresh);
$('provider-code')?.addEventListener('input', refresh);

const rejectDialog = $('reject-dialog');
action('reject-open', async () => {
  $('reject-error').textContent = '';
  rejectDialog.showModal();
}, () => undefined);
$('reject-cancel')?.addEventListener('click', () => rejectDialog.close());
rejectDialog?.addEventListener('close', () => $('reject-open').focus());
$('reason')?.addEventListener('input', () => { $('reject').disabled = !$('reason').value.trim(); });
$('reject')?.addEventListener('click', async () => {
  $('reject').disabled = true;
  try {
    await post('/reject', { reason: $('reason').value.trim() });
    tell('rejected', { state: 'REJECTED' });
    if (!redirectAfter('rejected')) location.reload();
  } catch (error) {
    $('reject-error').textContent = failure(error);
    $('reject').disabled = false;
    tell('error', { status: error.status ?? null });
  }
});

startIdentityStep({ token: root.dataset.token, post, api, failed: say('failed') });

tell('loaded', { state: 'READY' });
refresh();
if (!$('documents').hidden) showDocumentsOrSay();
