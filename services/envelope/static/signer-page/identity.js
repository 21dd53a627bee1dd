// The identity steps of the signer page: the consent, the identity document (camera or upload), the selfie
// with the challenge the server issues, and a hosted provider's hand-over. The server rendered the step due
// (#identity-step, its texts in the page's language in data-messages); each step that passes reloads the
// page, which then shows the next one. Nothing here decides anything: the server checks every photo.
import { base64Of, frameOf, openCamera, photoOf, stopStream } from '/sign/assets/camera.js';
import { redirectAfter, tell } from '/sign/assets/embed.js';

const $ = (id) => document.getElementById(id);

/** What the server takes: a document photo up to 10 MB (sent well under it), selfie frames up to 5 MB. */
const DOCUMENT_PHOTO = { maxSide: 2000, maxBytes: 8 * 1024 * 1024 };
const SELFIE_FRAME = { maxSide: 1600, maxBytes: 4 * 1024 * 1024 };
const PROVIDER_POLL_MS = 3000;
const PROVIDER_POLL_LIMIT = 100;

/** Across the reload after a step passed: what to announce, and to put the focus on the next step. */
const passedKey = (token) => `signet:identity-passed:${token}`;

function remember(token, message) {
  try {
    sessionStorage.setItem(passedKey(token), message);
  } catch {
    // Storage refused (a sandboxed frame): the next step still shows, unannounced.
  }
}

function recalled(token) {
  try {
    const message = sessionStorage.getItem(passedKey(token));
    sessionStorage.removeItem(passedKey(token));
    return message;
  } catch {
    return null;
  }
}

/**
 * Starts the step on the page, if any. `post(path, body)` is the page's call to the signing API (it throws
 * an error with the answer's `status`); `failed` the page's "that did not work" message.
 */
export function startIdentityStep({ token, post, api, failed }) {
  const step = $('identity-step');
  const passed = recalled(token);
  if (passed !== null) {
    // A live region filled after the page loaded is announced; the focus moves on to what comes next.
    if (passed && $('identity-passed')) $('identity-passed').textContent = passed;
    const next = $('identity-title') ?? document.querySelector('main h1');
    next?.setAttribute('tabindex', '-1');
    next?.focus();
  }
  if (!step) return;

  const messages = JSON.parse(step.dataset.messages);
  const lang = document.documentElement.lang;
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const say = (key, values = {}) => {
    const entry = messages[key] ?? messages['identity.reason.OTHER'];
    const message = typeof entry === 'string' ? entry : entry[plurals.select(Number(Object.values(values)[0]))] ?? entry.other;
    const all = { processor: step.dataset.provider ?? '', ...values };
    return message.replace(/\{(\w+)\}/g, (_, name) => (typeof all[name] === 'number' ? numbers.format(all[name]) : String(all[name] ?? '')));
  };

  const status = (text, working = false) => {
    $('identity-status').textContent = text;
    $('identity-status').classList.toggle('working', working);
    step.setAttribute('aria-busy', working ? 'true' : 'false');
  };
  const showError = (text) => { $('identity-error').textContent = text; };

  /** A refusal of the request itself (not a verdict on the photo), in the page's words. */
  function requestFailure(error) {
    tell('error', { status: error.status ?? null });
    if (error.status === 409) {
      // The check moved on elsewhere (locked, passed, the envelope no longer signable): the server says where it stands.
      location.reload();
      return;
    }
    if (error.status === 422) showError(say('identity.page.unreadableFile'));
    else if (error.status === 503 || error.status === 429) showError(say('identity.page.busy'));
    else showError(failed);
  }

  /**
   * Wires a button the server sent disabled; while one runs, the step's buttons wait (a second press would
   * send twice), so where the focus goes next (`focus(element)`) is applied once they are back.
   */
  let running = false;
  let focusNext = null;
  const focus = (element) => {
    if (running) focusNext = element;
    else element?.focus();
  };
  function on(id, run) {
    const button = $(id);
    if (!button) return;
    button.disabled = false;
    button.addEventListener('click', async () => {
      const enabled = [...step.querySelectorAll('button')].filter((candidate) => !candidate.disabled);
      for (const candidate of enabled) candidate.disabled = true;
      running = true;
      focusNext = null;
      try {
        await run();
      } catch (error) {
        status('');
        requestFailure(error);
      } finally {
        for (const candidate of enabled) candidate.disabled = false;
        running = false;
        focusNext?.focus();
      }
    });
  }

  const kind = step.dataset.step;
  if (kind === 'consent') consentStep({ step, post, on, showError, token, failed });
  else if (step.dataset.provider !== undefined) providerStep({ step, post, api, on, say, status });
  else if (!$('identity-locked')) captureStep({ step, post, on, focus, say, status, showError, token, selfie: kind === 'selfie' });
}

/** Consent, or its refusal: refusing rejects the envelope, once the signer confirms it in the dialog. */
function consentStep({ step, post, on, showError, token, failed }) {
  const dialog = $('decline-dialog');
  on('consent-agree', async () => {
    showError('');
    await post('/identity/consent', { consent: true, version: step.dataset.version });
    remember(token, '');
    location.reload();
  });
  on('consent-decline', async () => {
    $('decline-error').textContent = '';
    dialog.showModal();
  });
  $('decline-cancel').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => $('consent-decline').focus());
  $('decline').addEventListener('click', async () => {
    $('decline').disabled = true;
    try {
      await post('/identity/consent', { consent: false, version: step.dataset.version });
      tell('rejected', { state: 'REJECTED' });
      if (!redirectAfter('rejected')) location.reload();
    } catch (error) {
      tell('error', { status: error.status ?? null });
      if (error.status === 409) {
        location.reload();
        return;
      }
      $('decline-error').textContent = failed;
      $('decline').disabled = false;
    }
  });
}

/** A hosted provider: the signer goes there; back before its verdict, the page waits for it. */
function providerStep({ step, post, api, on, say, status }) {
  on('provider-start', async () => {
    const session = await post('/identity/session', {});
    location.assign(session.url);
  });
  if (step.dataset.waiting !== 'true') return;
  status(say('identity.page.providerWaiting'), true);
  let tries = 0;
  const look = async () => {
    tries += 1;
    const session = await (await fetch(api(''))).json().catch(() => null);
    const check = session?.validation?.channels?.id_check;
    if (session && (session.state !== 'READY' || check?.status !== 'IN_PROGRESS')) location.reload();
    else if (tries < PROVIDER_POLL_LIMIT) setTimeout(look, PROVIDER_POLL_MS);
    else status('');
  };
  setTimeout(look, PROVIDER_POLL_MS);
}

/**
 * The document (one photo, from the rear camera or a file) and the selfie (a frame facing the front
 * camera, then one doing the challenge): camera, preview, and the server's verdict.
 */
function captureStep({ step, post, on, focus, say, status, showError, token, selfie }) {
  const video = $('camera-video');
  const camera = $('camera');
  const limits = selfie ? SELFIE_FRAME : DOCUMENT_PHOTO;
  const parts = { start: $('capture-start'), camera, preview: $('photo-preview') };
  // The document: where the photo came from, for "Take it again". The selfie: which frame is being taken,
  // the two frames, and the challenge (issued once the first frame is taken, used up by an attempt).
  let source = 'camera';
  let shot = 'neutral';
  const frames = { neutral: null, challenge: null };
  let challenge = null;
  let photo = null;
  let previewUrl = null;

  function show(part, phase) {
    for (const [name, element] of Object.entries(parts)) element.hidden = name !== part;
    step.dataset.phase = phase;
  }

  function instruction() {
    if (!selfie) return say('identity.page.documentGuide');
    return shot === 'neutral' ? say('identity.page.lookStraight') : say(`identity.page.move.${challenge.challenge}`);
  }

  function stopCamera() {
    stopStream(video);
    delete camera.dataset.live;
  }

  async function startCamera() {
    showError('');
    status('');
    // The instruction is a live region: it says the camera is starting, then what to do once it shows.
    $('camera-instruction').textContent = say('identity.page.cameraStarting');
    show('camera', 'camera');
    step.setAttribute('aria-busy', 'true');
    try {
      await openCamera(video, camera.dataset.facing);
    } catch {
      stopCamera();
      show('start', 'start');
      step.setAttribute('aria-busy', 'false');
      showError(say(selfie ? 'identity.page.cameraFailedSelfie' : 'identity.page.cameraFailed'));
      focus($('upload-open') ?? $('camera-open'));
      return;
    }
    step.setAttribute('aria-busy', 'false');
    video.parentElement.style.setProperty('--ratio', String(video.videoWidth / video.videoHeight));
    $('camera-instruction').textContent = instruction();
    camera.dataset.live = 'true';
    focus($('camera-capture'));
  }

  async function showPreview(blob) {
    photo = blob;
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = URL.createObjectURL(blob);
    $('preview-image').src = previewUrl;
    await $('preview-image').decode().catch(() => undefined);
    show('preview', 'preview');
    status('');
    focus($('preview-use'));
  }

  function backToStart() {
    stopCamera();
    show('start', 'start');
    shot = 'neutral';
    focus($('camera-open'));
  }

  /** The verdict of an attempt: passed reloads for what follows; failed says why, and how many tries are left. */
  function verdict(answer, passedMessage) {
    status('');
    if (answer.passed) {
      remember(token, passedMessage);
      location.reload();
      return;
    }
    const reasons = [...new Set(answer.reasons.length > 0 ? answer.reasons : ['OTHER'])].map((code) => say(`identity.reason.${code}`));
    if (answer.status === 'LOCKED') {
      showError(`${reasons.join(' ')} ${say('identity.page.locked')}`);
      for (const part of Object.values(parts)) part.hidden = true;
      step.dataset.phase = 'locked';
      return;
    }
    showError(`${reasons.join(' ')} ${say('identity.page.attemptsLeft', { left: answer.attempts_left })}`);
    step.dataset.attempts = String(answer.attempts_left);
    backToStart();
  }

  on('camera-open', async () => {
    source = 'camera';
    await startCamera();
  });
  on('camera-close', async () => backToStart());
  on('camera-capture', async () => {
    const blob = await frameOf(video, limits);
    stopCamera();
    if (selfie && shot === 'neutral') {
      frames.neutral = blob;
      if (challenge === null || Date.parse(challenge.expires_at) <= Date.now()) {
        // The movement to make next comes from the server, now, so the signer reads it before the camera opens again.
        challenge = await post('/identity/selfie/challenge', {}).catch((error) => {
          backToStart();
          throw error;
        });
      }
      step.dataset.challenge = challenge.challenge;
      $('preview-next').textContent = say(`identity.page.next.${challenge.challenge}`);
      $('preview-use').textContent = say('identity.page.continue');
    } else if (selfie) {
      frames.challenge = blob;
      $('preview-next').textContent = '';
      $('preview-use').textContent = say('identity.page.send');
    }
    await showPreview(blob);
  });
  on('preview-retake', async () => {
    if (source === 'upload') $('upload-file').click();
    else await startCamera();
  });
  on('preview-use', async () => {
    if (selfie && shot === 'neutral') {
      shot = 'challenge';
      await startCamera();
      return;
    }
    showError('');
    step.dataset.phase = 'checking';
    if (!selfie) {
      status(say('identity.page.checkingDocument'), true);
      const answer = await post('/identity/document', { image: await base64Of(photo) }).catch((error) => {
        show('preview', 'preview');
        throw error;
      });
      verdict(answer, say('identity.page.documentPassed'));
      return;
    }
    status(say('identity.page.checkingSelfie'), true);
    const body = { neutral: await base64Of(frames.neutral), challenge: await base64Of(frames.challenge) };
    // An attempt uses the challenge up, whatever its verdict.
    challenge = null;
    delete step.dataset.challenge;
    const answer = await post('/identity/selfie', body).catch((error) => {
      backToStart();
      throw error;
    });
    verdict(answer, say('identity.page.selfiePassed'));
  });

  on('upload-open', async () => {
    source = 'upload';
    $('upload-file').click();
  });
  $('upload-file')?.addEventListener('change', async (event) => {
    const [file] = event.target.files;
    event.target.value = '';
    if (!file) return;
    showError('');
    const blob = await photoOf(file, limits).catch(() => null);
    if (!blob) {
      showError(say('identity.page.unreadableFile'));
      return;
    }
    source = 'upload';
    await showPreview(blob);
  });

  // A stream left open (the signer leaves the page) is closed with it.
  window.addEventListener('pagehide', stopCamera);
}
