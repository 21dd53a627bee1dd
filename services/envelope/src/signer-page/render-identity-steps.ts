import type { IdentityGateStatus } from '@signet/contracts';
import { CATALOGUE, type MessageKey } from '@signet/i18n';
import { escape, type SignerPageView } from './signer-page-view';

/** The identity steps: the consent (once, before the first check), the document photo, the selfie. */
export type IdentityStepKind = 'consent' | 'document' | 'selfie';

/** Who runs the checks, as the consent text names them: the sender's own Signet, or the provider. */
const PROVIDERS: Record<IdentityGateStatus['provider'], string | null> = { local: null, stripe: 'Stripe' };

function processorOf(view: SignerPageView): string {
  return PROVIDERS[view.gate.channels.id_check.provider] ?? view.identity.sender;
}

/** The consent text's parts, in this order: the validation part hashes these keys' templates (give-consent.ts). */
const CONSENT_PARTS = ['identity.consent.what', 'identity.consent.why', 'identity.consent.retention', 'identity.consent.who'] as const;

/** The step's frame: its id, kind and the script's texts, with the heading the script focuses after a reload. */
function stepSection(view: SignerPageView, kind: IdentityStepKind, attributes: string, title: string, body: string): string {
  return `<section id="identity-step" class="card identity" aria-labelledby="identity-title" data-step="${kind}" data-phase="start"${attributes} data-messages="${escape(JSON.stringify(view.texts.identityScript))}">
  <h2 id="identity-title" tabindex="-1">${escape(title)}</h2>
${body}
  <p id="identity-status" class="identity-status" role="status"></p>
  <p id="identity-error" class="field-error" role="alert"></p>
</section>`;
}

/**
 * Consent: what is captured, why, for how long and who sees it, in the consent keys' words with the
 * values the validation part records; an explicit agree, and a decline that says it rejects the envelope
 * and is confirmed in a dialog, as the reject button is.
 */
function consentStep(view: SignerPageView): string {
  const { t } = view.texts;
  const values = { sender: view.identity.sender, processor: processorOf(view), days: view.identity.days };
  const text = CONSENT_PARTS.map((key) => `  <p>${escape(t(key, values))}</p>`).join('\n');
  const body = `${text}
  <div class="step-actions"><button type="button" id="consent-agree" class="primary" disabled>${escape(t('identity.consent.agree'))}</button><button type="button" id="consent-decline" class="quiet" disabled>${escape(t('identity.consent.decline'))}</button></div>`;
  return `${stepSection(view, 'consent', ` data-version="${escape(view.gate.identity_consent.version)}"`, t('identity.consent.title'), body)}
<dialog id="decline-dialog" aria-labelledby="decline-title">
  <h2 id="decline-title">${escape(t('identity.page.declineTitle'))}</h2>
  <p>${escape(t('identity.page.declineNext'))}</p>
  <p id="decline-error" class="field-error" role="alert"></p>
  <div class="dialog-actions"><button type="button" id="decline" class="danger">${escape(t('page.rejectOpen'))}</button><button type="button" id="decline-cancel" autofocus>${escape(t('page.cancel'))}</button></div>
</dialog>`;
}

/** Where the last attempt left the check: a failed or unfinished one and the attempts left, or none left. */
function standing(view: SignerPageView, check: IdentityGateStatus): string {
  const { t } = view.texts;
  const left = escape(t('identity.page.attemptsLeft', { left: check.attempts_left }));
  if (check.status === 'FAILED') {
    // Why, when the validation part says (a page reloaded after the attempt); else that it did not pass.
    const keys = [...new Set(check.reasons)].map((code) => `identity.reason.${code}`).filter((key): key is MessageKey => key in CATALOGUE.en);
    const why = keys.map((key) => t(key));
    return `  <p class="identity-standing">${escape(why.length > 0 ? why.join(' ') : t('identity.page.lastFailed'))} ${left}</p>`;
  }
  if (check.status === 'EXPIRED') return `  <p class="identity-standing">${escape(t('identity.page.expired'))} ${left}</p>`;
  return '';
}

function locked(view: SignerPageView): string {
  return `  <p class="identity-standing" id="identity-locked">${escape(view.texts.t('identity.page.locked'))}</p>`;
}

/**
 * The camera (a video with the frame guide drawn over it, the instruction, Take the photo and Close) and
 * the preview of what was taken (Use and Take it again). The selfie's camera is the front one, its
 * preview mirrored as people expect to see themselves; the frames sent are as the camera took them.
 */
function captureParts(view: SignerPageView, kind: 'document' | 'selfie'): string {
  const { t } = view.texts;
  const selfie = kind === 'selfie';
  const upload = selfie ? '' : `<button type="button" id="upload-open" disabled>${escape(t('identity.page.upload'))}</button><input type="file" id="upload-file" accept="image/*" hidden>`;
  return `  <div class="step-actions" id="capture-start"><button type="button" id="camera-open" class="primary" disabled>${escape(t('identity.page.useCamera'))}</button>${upload}</div>
  <div id="camera" class="camera" data-facing="${selfie ? 'user' : 'environment'}" hidden>
    <div class="viewfinder${selfie ? ' mirrored' : ''}"><video id="camera-video" muted playsinline aria-hidden="true"></video><div class="frame-guide ${selfie ? 'face' : 'document'}" aria-hidden="true"></div></div>
    <p id="camera-instruction" class="instruction" role="status">${escape(t(selfie ? 'identity.page.lookStraight' : 'identity.page.documentGuide'))}</p>
    <div class="step-actions"><button type="button" id="camera-capture" class="primary">${escape(t('identity.page.capture'))}</button><button type="button" id="camera-close">${escape(t('identity.page.closeCamera'))}</button></div>
  </div>
  <div id="photo-preview" class="preview${selfie ? ' mirrored' : ''}" hidden>
    <img id="preview-image" alt="${escape(t(selfie ? 'identity.page.selfieAlt' : 'identity.page.documentAlt'))}">
    <p id="preview-next" class="instruction"></p>
    <div class="step-actions"><button type="button" id="preview-use" class="primary">${escape(t(selfie ? 'identity.page.continue' : 'identity.page.usePhoto'))}</button><button type="button" id="preview-retake">${escape(t('identity.page.retake'))}</button></div>
  </div>`;
}

const KIND_TEXTS: Record<string, MessageKey> = {
  PASSPORT: 'identity.page.side.PASSPORT', ID_CARD: 'identity.page.side.ID_CARD', DRIVING_LICENCE: 'identity.page.side.DRIVING_LICENCE'
};

/** The document step on Signet's own verifier: what to photograph, then the camera or an upload. */
function documentStep(view: SignerPageView): string {
  const { t } = view.texts;
  const check = view.gate.channels.id_check;
  const kinds = view.identity.kinds.flatMap((kind) => (KIND_TEXTS[kind] ? [`<li>${escape(t(KIND_TEXTS[kind] as MessageKey))}</li>`] : [])).join('');
  const help = `  <p>${escape(t('identity.page.documentHelp'))}</p>
  <h3 class="accepted">${escape(t('identity.page.accepted'))}</h3><ul class="accepted">${kinds}</ul>`;
  const body = check.status === 'LOCKED' ? locked(view) : `${help}\n${standing(view, check)}\n${captureParts(view, 'document')}`;
  return stepSection(view, 'document', ` data-attempts="${check.attempts_left}"`, t('identity.page.documentTitle'), body);
}

/** The selfie step: two frames from the front camera, the second doing the challenge the server issues. */
function selfieStep(view: SignerPageView): string {
  const { t } = view.texts;
  const check = view.gate.channels.biometric;
  const body = check.status === 'LOCKED'
    ? locked(view)
    : `  <p>${escape(t('identity.page.selfieHelp'))}</p>\n${standing(view, check)}\n${captureParts(view, 'selfie')}`;
  return stepSection(view, 'selfie', ` data-attempts="${check.attempts_left}"`, t('identity.page.selfieTitle'), body);
}

/**
 * A hosted provider (Stripe) takes the document and the selfie in its own session: the page sends the
 * signer there, and the provider sends them back to the signing link. Back before its verdict arrived
 * (IN_PROGRESS), the page waits for it and can start again.
 */
function providerStep(view: SignerPageView): string {
  const { t } = view.texts;
  const check = view.gate.channels.id_check;
  const processor = processorOf(view);
  const body = check.status === 'LOCKED'
    ? locked(view)
    : `  <p>${escape(t('identity.page.providerHelp', { processor }))}</p>
${standing(view, check)}
  <div class="step-actions"><button type="button" id="provider-start" class="primary" disabled>${escape(t('identity.page.providerStart', { processor }))}</button></div>`;
  // The provider takes the document and the selfie: the step is the identity check as a whole.
  return stepSection(view, 'document', ` data-provider="${escape(processor)}" data-waiting="${check.status === 'IN_PROGRESS'}"`, t('identity.consent.title'), body);
}

/** The identity step due now, server-rendered in the page's language; its script is identity.js. */
export function identityStep(view: SignerPageView, kind: IdentityStepKind): string {
  if (kind === 'consent') return consentStep(view);
  if (view.gate.channels.id_check.provider !== 'local') return providerStep(view);
  return kind === 'document' ? documentStep(view) : selfieStep(view);
}
