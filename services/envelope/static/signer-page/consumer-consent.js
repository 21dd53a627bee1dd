// The consumer disclosure (signature_flow.consumer_consent), shown before anything of the envelope: the
// recipient opens the consent document (a PDF), types the code it shows and agrees, or declines, which
// withdraws the consent and rejects the envelope. The server rendered the texts (in the page's language);
// the page reloads once consent is given, and then shows the envelope as it always has.
import { redirectAfter, tell } from '/sign/assets/embed.js';

const $ = (id) => document.getElementById(id);
const root = $('signer');
const step = $('consumer-consent');
const messages = JSON.parse(step.dataset.messages);
const api = (path) => `/signing/v1/${encodeURIComponent(root.dataset.token)}${path}`;

async function post(path, body) {
  const response = await fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(answer.error ?? String(response.status));
    error.status = response.status;
    error.fields = (answer.details ?? []).map((detail) => detail.field);
    throw error;
  }
  return answer;
}

function showCodeError(text) {
  $('consent-code-error').textContent = text;
  $('consent-code').setAttribute('aria-invalid', text ? 'true' : 'false');
}

async function agree() {
  const code = $('consent-code').value.trim();
  if (!code) {
    showCodeError(messages.codeMissing);
    $('consent-code').focus();
    return;
  }
  showCodeError('');
  try {
    await post('/consent', { code, disclosure_version: step.dataset.version });
    location.reload();
  } catch (error) {
    tell('error', { status: error.status ?? null });
    // A disclosure changed meanwhile, or a link that can no longer act: the page shows where it stands now.
    if (error.status === 409 || error.fields?.includes('disclosure_version')) {
      location.reload();
      return;
    }
    showCodeError(error.status === 422 ? messages.codeWrong : messages.failed);
    $('consent-code').focus();
  }
}

const agreeButton = $('consent-agree');
agreeButton.disabled = false;
agreeButton.addEventListener('click', async () => {
  agreeButton.disabled = true;
  await agree();
  agreeButton.disabled = false;
});
$('consent-code').addEventListener('keydown', (event) => {
  if (event.key === 'Enter') agreeButton.click();
});

const dialog = $('withdraw-dialog');
if (dialog) {
  $('consent-withdraw').disabled = false;
  $('consent-withdraw').addEventListener('click', () => {
    $('withdraw-error').textContent = '';
    dialog.showModal();
  });
  $('withdraw-cancel').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => $('consent-withdraw').focus());
  $('withdraw').addEventListener('click', async () => {
    $('withdraw').disabled = true;
    try {
      await post('/consent/withdraw');
      tell('rejected', { state: 'REJECTED' });
      if (!redirectAfter('rejected')) location.reload();
    } catch (error) {
      tell('error', { status: error.status ?? null });
      $('withdraw-error').textContent = error.status === 409 ? messages.conflict : messages.failed;
      $('withdraw').disabled = false;
    }
  });
}

tell('loaded', { state: 'READY' });
