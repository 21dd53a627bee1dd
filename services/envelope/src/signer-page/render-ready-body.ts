import type { PageTexts } from './page-texts';
import { identityStep, type IdentityStepKind } from './render-identity-steps';
import { escape, type SignerPageView } from './signer-page-view';

type Channel = 'email' | 'sms';
type Gate = 'email' | 'sms' | 'id_check' | 'biometric';

/** Within one order: the email code, the SMS code, the identity document, the selfie. */
const GATES: readonly Gate[] = ['email', 'sms', 'id_check', 'biometric'];

/** The step the page asks for now; `order` 0 comes before the documents, 1 before signing. */
export type GateStep = ({ kind: 'code'; channel: Channel } | { kind: IdentityStepKind }) & {
  order: number;
  /** Another step follows this one: the page reloads for it once this one passes. */
  more: boolean;
};

/**
 * The one step the page asks for now: the gates still to pass, those that guard the documents (order 0)
 * first, and within an order the email code, the SMS code, then the identity checks. The consent comes
 * once, before the first identity step; the selfie is compared with the document's photo, so the
 * document comes first whatever the orders say.
 */
export function nextGateStep(gate: SignerPageView['gate']): GateStep | null {
  const { channels } = gate;
  const pending = GATES.filter((name) => channels[name].required && !channels[name].verified)
    .sort((a, b) => channels[a].order - channels[b].order || GATES.indexOf(a) - GATES.indexOf(b));
  const [first] = pending;
  if (first === undefined) return null;
  const { order } = channels[first];
  const more = pending.length > 1;
  if (first === 'email' || first === 'sms') return { kind: 'code', channel: first, order, more };
  if (gate.identity_consent.required && gate.identity_consent.given_at === null) return { kind: 'consent', order, more: true };
  if (first === 'id_check' || pending.includes('id_check')) return { kind: 'document', order, more: more || first !== 'id_check' };
  return { kind: 'selfie', order, more };
}

/** The code step's words for the channel: the SMS ones name the phone, masked, never in full. */
function codeTexts(view: SignerPageView, channel: Channel): Pick<PageTexts, 'codeTitle' | 'codeHelp' | 'sendCode' | 'codeSent'> {
  if (channel === 'email') return view.texts;
  const { sms } = view.texts;
  // A phone-validated recipient always has a phone (the envelope is in ERROR otherwise); the dots are a last resort.
  const phone = view.maskedPhone ?? '••••';
  // codeHelp goes into the page as HTML; codeSent into an attribute, escaped there.
  return { codeTitle: sms.codeTitle, codeHelp: sms.codeHelp(escape(phone)), sendCode: sms.sendCode, codeSent: sms.codeSent(phone) };
}

function codeStep(view: SignerPageView, next: { channel: Channel; more: boolean }): string {
  const t = { ...view.texts, ...codeTexts(view, next.channel) };
  return `<section id="code-step" class="card" aria-labelledby="code-title" data-channel="${next.channel}" data-more="${next.more}" data-sent="${escape(t.codeSent)}">
  <h2 id="code-title">${t.codeTitle}</h2><p>${t.codeHelp}</p>
  <button type="button" id="send-code" disabled>${t.sendCode}</button>
  <p id="code-status" role="status"></p>
  <label for="code">${t.codeLabel}</label>
  <div class="code-row"><input id="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" aria-describedby="code-error"><button type="button" id="verify-code" disabled>${t.verify}</button></div>
  <p id="code-error" class="field-error" role="alert"></p>
</section>`;
}

/** Where the signature is adopted once: inline in the finish card, or (with placements) moved by the script into a dialog. */
function adoptSection(view: SignerPageView): string {
  const { texts: t } = view;
  const tabs = view.signatureTypes.map((type, index) =>
    `<label class="tab"><input type="radio" name="signature-type" value="${escape(type)}"${index === 0 ? ' checked' : ''}> ${t.types[type as keyof PageTexts['types']] ?? escape(type)}</label>`).join('');
  const panels: Record<string, string> = {
    WRITTEN: `<label for="typed-name">${t.typedLabel}</label><input id="typed-name" maxlength="100" autocomplete="name" value="${escape(view.signerName)}"><p id="typed-preview" class="handwriting" aria-hidden="true">${escape(view.signerName)}</p>`,
    DRAWN: `<p id="pad-label">${t.drawLabel}</p><canvas id="pad" width="600" height="200" role="img" aria-labelledby="pad-label"></canvas><button type="button" id="clear-pad">${t.clear}</button>`,
    UPLOADED: `<label for="upload">${t.uploadLabel}</label><input id="upload" type="file" accept="image/png,image/jpeg"><img id="upload-preview" alt="">`
  };
  // Only the checked type's panel shows, from the first paint (and in a preview, where no script runs).
  const panel = (type: string, index: number) => {
    const content = panels[type];
    return content === undefined ? '' : `<div class="panel" data-type="${type}"${index === 0 ? '' : ' hidden'}>${content}</div>`;
  };
  return `<section id="adopt" aria-labelledby="adopt-title">
    <h2 id="adopt-title">${t.signatureTitle}</h2>
    <p>${t.adoptHelp}</p>
    <fieldset class="tabs"><legend>${t.signatureTypesLabel}</legend>${tabs}</fieldset>
    ${view.signatureTypes.map(panel).join('\n    ')}
    <div class="dialog-actions"><button type="button" id="adopt-apply" class="primary">${t.adopt}</button><button type="button" id="adopt-cancel">${t.cancel}</button></div>
  </section>`;
}

/** A VIEWER reads: no signature, no consent, nothing to send; opening the page was their part. */
function viewerNote(view: SignerPageView, hidden: boolean): string {
  return `<section id="finish" class="card" data-role="VIEWER"${hidden ? ' hidden' : ''}><p id="view-only">${view.texts.roles.viewOnly}</p></section>`;
}

/** A qualified signature is authorized by the code the signing provider sent the signer: asked with the act. */
function providerCodeInput(view: SignerPageView): string {
  const { label, help } = view.texts.providerCode;
  return `<p class="provider-code"><label for="provider-code">${label}</label>
  <input id="provider-code" autocomplete="one-time-code" maxlength="64" pattern="[A-Za-z0-9-]+" aria-describedby="provider-code-help" required>
  <span id="provider-code-help" class="hint">${help}</span></p>`;
}

function finishStep(view: SignerPageView, hidden: boolean): string {
  const { texts: t } = view;
  if (view.role === 'VIEWER') return viewerNote(view, hidden);
  // An APPROVER approves with consent alone: the adopt form is there for the script, never shown.
  const approver = view.role === 'APPROVER';
  // The role is named only when it changes what the script does (a signer's page is as it always was).
  const role = view.role === undefined || view.role === 'SIGNER' ? '' : ` data-role="${escape(view.role)}"`;
  return `<section id="finish" class="card" aria-labelledby="finish-title"${hidden ? ' hidden' : ''}${role}>
  <h2 id="finish-title">${t.finishTitle}</h2>
  <div id="adopt-home"${approver ? ' hidden' : ''}>${adoptSection(view)}</div>
  <p id="guided-summary" hidden></p>
  <button type="button" id="change-signature" hidden>${t.changeSignature}</button>
  <label class="consent"><input type="checkbox" id="consent"> <span>${approver ? t.roles.approveConsent : t.consent}</span></label>
  ${view.signatureLevel === 'qualified' ? providerCodeInput(view) : ''}
  <button type="button" id="sign" class="primary" disabled>${approver ? t.roles.approve : t.sign}</button>
  <p id="error" role="alert"></p>
  <p class="reject-line"><button type="button" id="reject-open" class="quiet" disabled>${t.rejectOpen}</button></p>
</section>
<dialog id="adopt-dialog" aria-labelledby="adopt-title"></dialog>
<dialog id="reject-dialog" aria-labelledby="reject-title">
  <h2 id="reject-title">${t.rejectTitle}</h2>
  <p>${t.rejectNext}</p>
  <label for="reason">${t.reasonLabel}</label>
  <textarea id="reason" maxlength="500" rows="3" required></textarea>
  <p id="reject-error" class="field-error" role="alert"></p>
  <div class="dialog-actions"><button type="button" id="reject" class="danger" disabled>${t.reject}</button><button type="button" id="reject-cancel">${t.cancel}</button></div>
</dialog>
<nav id="guide" class="guide" aria-label="${t.finishTitle}"${view.preview ? '' : ' hidden'}><span id="progress" aria-live="polite"></span><button type="button" id="next" class="primary">${t.next}</button></nav>`;
}

/** The step due now: a code, or an identity step. */
function gateStep(view: SignerPageView, step: GateStep): string {
  return step.kind === 'code' ? codeStep(view, step) : identityStep(view, step.kind);
}

/**
 * A READY page: the documents (after the steps of order 0), then one finish card. Until every gate (email
 * and SMS codes, the identity steps) passes, only the step due is asked, one at a time: the finish card
 * (signature, consent, reject) stays hidden.
 */
export function readyBody(view: SignerPageView): string {
  const { texts: t } = view;
  const next = nextGateStep(view.gate);
  const beforeDocuments = next !== null && next.order === 0;
  // An identity step that passed reloads the page, which says so here.
  const passed = view.gate.identity_consent.required ? '\n<p id="identity-passed" class="identity-passed" role="status"></p>' : '';
  return `<p class="intro">${t.intro}</p>${passed}
${next && beforeDocuments ? gateStep(view, next) : ''}
<div id="documents"${beforeDocuments ? ' hidden' : ''}>
  <div class="doc-tools" id="doc-tools" hidden><label for="zoom">${t.zoom}</label> <select id="zoom"><option value="1">100%</option><option value="1.5">150%</option><option value="2">200%</option></select></div>
  ${view.preview ? '' : `<p id="loading" class="loading" role="status"><span class="spinner" aria-hidden="true"></span> ${t.loading}</p>`}
</div>
${next && !beforeDocuments ? gateStep(view, next) : ''}
${finishStep(view, next !== null)}`;
}
