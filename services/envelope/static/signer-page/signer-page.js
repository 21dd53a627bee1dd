// The signer page's behaviour: renders the documents with pdf.js, captures the signature and talks to
// the public signing API (/signing/v1/:token). The server already rendered the state and the texts.
import * as pdfjs from '/sign/assets/pdf.min.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = '/sign/assets/pdf.worker.min.mjs';

const $ = (id) => document.getElementById(id);
const root = $('signer');
const token = root.dataset.token;
const messages = JSON.parse(root.dataset.messages);
const api = (path) => `/signing/v1/${encodeURIComponent(token)}${path}`;
const codeStep = $('code-step');
let codeVerified = !codeStep;
// The code step asks for one channel's code (email or sms); with another still to verify, the page reloads for it.
const channel = codeStep?.dataset.channel ?? 'email';

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function showError(error) {
  $('error').textContent = error ? `${messages.failed} ${error.message}` : '';
}

async function post(path, body) {
  const response = await fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const details = (answer.details ?? []).map((detail) => detail.message).join('; ');
    throw new Error([answer.error ?? response.status, details].filter(Boolean).join(': '));
  }
  return answer;
}

// Pages render at twice their size in points, so text stays sharp on high-density screens; CSS scales them to the column.
const RENDER_SCALE = 2;

async function renderPage(pdf, number, placements) {
  const page = await pdf.getPage(number);
  const size = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: RENDER_SCALE });
  const frame = element('div', 'page');
  frame.style.maxWidth = `${Math.round(size.width * 1.4)}px`;
  const canvas = element('canvas');
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  frame.append(canvas);
  await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  // Placements are PDF points from the page's top-left; percentages keep them in place at any width.
  for (const placement of placements.filter((candidate) => candidate.page === number - 1)) {
    const marker = element('div', 'placement', `${messages.here} (${placement.type})`);
    marker.dataset.placement = placement.id;
    marker.style.left = `${(placement.left / size.width) * 100}%`;
    marker.style.top = `${(placement.top / size.height) * 100}%`;
    frame.append(marker);
  }
  return frame;
}

async function renderDocuments() {
  const container = $('documents');
  const session = await (await fetch(api(''))).json();
  if (session.state !== 'READY') return location.reload();
  container.replaceChildren();
  for (const document of session.documents) {
    const section = element('section', 'document');
    section.append(element('h2', null, document.name));
    container.append(section);
    // The whole file in one request: pdf.js given a URL keeps fetching ranges in the background, which could
    // still be running after the signer has signed (and then be refused).
    const response = await fetch(api(`/documents/${document.id}`));
    if (!response.ok) throw new Error(`The document could not be loaded (${response.status})`);
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()), isEvalSupported: false }).promise;
    for (let number = 1; number <= pdf.numPages; number += 1) section.append(await renderPage(pdf, number, document.placements));
  }
  container.dataset.rendered = 'true';
  refresh();
}

const pad = $('pad');
const pen = pad?.getContext('2d');
let padUsed = false;
let uploaded = null;

function selectedType() {
  return document.querySelector('input[name="signature-type"]:checked')?.value;
}

function signature() {
  const type = selectedType();
  if (type === 'WRITTEN') {
    const text = $('typed-name').value.trim();
    return text ? { type, text } : null;
  }
  if (type === 'DRAWN') return padUsed ? { type, image: pad.toDataURL('image/png') } : null;
  if (type === 'UPLOADED') return uploaded ? { type, image: uploaded } : null;
  return null;
}

function refresh() {
  for (const panel of document.querySelectorAll('.panel')) panel.hidden = panel.dataset.type !== selectedType();
  // Signing waits until every document has been shown: consent is to what the signer could see.
  const shown = $('documents').dataset.rendered === 'true';
  $('sign').disabled = !($('consent').checked && signature() && codeVerified && shown);
}

if (pad) {
  pen.strokeStyle = root.dataset.color;
  pen.lineWidth = 4;
  pen.lineCap = 'round';
  pen.lineJoin = 'round';
  let drawing = false;
  const at = (event) => {
    const box = pad.getBoundingClientRect();
    return [((event.clientX - box.left) * pad.width) / box.width, ((event.clientY - box.top) * pad.height) / box.height];
  };
  pad.addEventListener('pointerdown', (event) => {
    drawing = true;
    pad.setPointerCapture(event.pointerId);
    pen.beginPath();
    pen.moveTo(...at(event));
  });
  pad.addEventListener('pointermove', (event) => {
    if (!drawing) return;
    pen.lineTo(...at(event));
    pen.stroke();
    padUsed = true;
    refresh();
  });
  pad.addEventListener('pointerup', () => { drawing = false; });
  $('clear-pad').addEventListener('click', () => {
    pen.clearRect(0, 0, pad.width, pad.height);
    padUsed = false;
    refresh();
  });
}

$('typed-name')?.addEventListener('input', (event) => {
  $('typed-preview').textContent = event.target.value;
  refresh();
});

$('upload')?.addEventListener('change', (event) => {
  const [file] = event.target.files;
  uploaded = null;
  $('upload-preview').removeAttribute('src');
  refresh();
  if (!file) return;
  const reader = new FileReader();
  reader.addEventListener('load', () => {
    uploaded = reader.result;
    $('upload-preview').src = uploaded;
    refresh();
  });
  reader.readAsDataURL(file);
});

for (const input of document.querySelectorAll('input[name="signature-type"], #consent')) input.addEventListener('change', refresh);

// Buttons come disabled from the server and work once their handler is here: a click before that would be lost.
function action(button, run) {
  if (!$(button)) return;
  $(button).disabled = false;
  $(button).addEventListener('click', async () => {
    showError(null);
    $(button).disabled = true;
    try {
      await run();
    } catch (error) {
      showError(error);
    } finally {
      $(button).disabled = false;
      refresh();
    }
  });
}

action('send-code', async () => {
  await post('/validation/send_code', { channel });
  $('code-status').textContent = codeStep.dataset.sent ?? messages.codeSent;
});

action('verify-code', async () => {
  await post('/validation/verify_code', { code: $('code').value.trim(), channel });
  if (codeStep.dataset.more === 'true') {
    location.reload();
    return;
  }
  codeVerified = true;
  codeStep.hidden = true;
  if ($('documents').hidden) {
    $('documents').hidden = false;
    await renderDocuments();
  }
});

action('sign', async () => {
  await post('/sign', { consent: true, signature: signature() });
  location.reload();
});

action('reject', async () => {
  await post('/reject', { reason: $('reason').value });
  location.reload();
});

refresh();
if (!$('documents').hidden) renderDocuments().catch(showError);
