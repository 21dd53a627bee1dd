import type { SigningState } from '../signing/signing-state';
import type { ValidationGate } from '../validation-client';
import type { PageTexts } from './page-texts';

export interface SignerPageView {
  texts: PageTexts;
  /** homepage: branding.url_homepage, where the logo (or, with no logo, the name) links to. */
  brand: { name: string | null; logo: string | null; homepage: string | null };
  /** The envelope's name; null for a link that opens nothing. */
  title: string | null;
  /** null: the link is unknown, so the page only says so. */
  state: SigningState | null;
  token: string;
  gate: ValidationGate;
  signatureTypes: string[];
  signatureColor: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);

/** A new tab, so the signing page stays open; no opener and no referrer (the page's URL holds the signing token). */
const homepageLink = (homepage: string, content: string): string =>
  `<a class="brand-link" href="${escape(homepage)}" target="_blank" rel="noopener noreferrer">${content}</a>`;

/** The logo links to branding.url_homepage; with no logo, the branding name does (as in the emails). */
function header(view: SignerPageView): string {
  const { brand } = view;
  const name = brand.name ? `<span class="brand-name">${escape(brand.name)}</span>` : '';
  if (!brand.homepage) {
    const logo = brand.logo ? `<img class="logo" src="${escape(brand.logo)}" alt="">` : '';
    return `<header class="brand">${logo}${name}</header>`;
  }
  if (!brand.logo) return `<header class="brand">${name ? homepageLink(brand.homepage, name) : ''}</header>`;
  // The image is all the link holds, so it carries the link's accessible name.
  const logo = `<img class="logo" src="${escape(brand.logo)}" alt="${escape(brand.name ?? 'Home')}">`;
  return `<header class="brand">${homepageLink(brand.homepage, logo)}${name}</header>`;
}

type Channel = 'email' | 'sms';

/**
 * The channel the page asks a code for now: one at a time, those that guard the documents (order 0)
 * first, email before SMS; `more` when another is still to come after it (the page reloads for it).
 */
export function nextChannel(gate: ValidationGate): { channel: Channel; more: boolean } | null {
  const pending = (['email', 'sms'] as const).filter((channel) => gate.channels[channel].required && !gate.channels[channel].verified)
    .sort((a, b) => gate.channels[a].order - gate.channels[b].order);
  const [channel] = pending;
  return channel === undefined ? null : { channel, more: pending.length > 1 };
}

function codeStep(view: SignerPageView, next: { channel: Channel; more: boolean }): string {
  const t = next.channel === 'sms' ? { ...view.texts, ...view.texts.sms } : view.texts;
  return `<section id="code-step" class="card" data-channel="${next.channel}" data-more="${next.more}" data-sent="${escape(t.codeSent)}">
  <h2>${t.codeTitle}</h2><p>${t.codeHelp}</p>
  <button type="button" id="send-code" disabled>${t.sendCode}</button>
  <label>${t.codeLabel} <input id="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}"></label>
  <button type="button" id="verify-code" disabled>${t.verify}</button>
  <p id="code-status" role="status"></p>
</section>`;
}

function signatureStep(view: SignerPageView): string {
  const { texts: t } = view;
  const tabs = view.signatureTypes.map((type, index) =>
    `<label class="tab"><input type="radio" name="signature-type" value="${escape(type)}"${index === 0 ? ' checked' : ''}> ${t.types[type as keyof PageTexts['types']] ?? escape(type)}</label>`).join('');
  const panels: Record<string, string> = {
    WRITTEN: `<div class="panel" data-type="WRITTEN"><label>${t.typedLabel} <input id="typed-name" maxlength="100" autocomplete="name"></label><p id="typed-preview" class="handwriting"></p></div>`,
    DRAWN: `<div class="panel" data-type="DRAWN"><canvas id="pad" width="600" height="200"></canvas><button type="button" id="clear-pad">${t.clear}</button></div>`,
    UPLOADED: `<div class="panel" data-type="UPLOADED"><label>${t.uploadLabel} <input id="upload" type="file" accept="image/png,image/jpeg"></label><img id="upload-preview" alt=""></div>`
  };
  return `<section id="sign-step" class="card">
  <h2>${t.signatureTitle}</h2>
  <div class="tabs">${tabs}</div>
  ${view.signatureTypes.map((type) => panels[type] ?? '').join('\n  ')}
  <label class="consent"><input type="checkbox" id="consent"> ${t.consent}</label>
  <button type="button" id="sign" class="primary" disabled>${t.sign}</button>
</section>
<details id="reject-step" class="card">
  <summary>${t.rejectTitle}</summary>
  <label>${t.reasonLabel} <textarea id="reason" maxlength="500" rows="3"></textarea></label>
  <button type="button" id="reject" disabled>${t.reject}</button>
</details>`;
}

function readyBody(view: SignerPageView): string {
  const { gate, texts: t } = view;
  const next = nextChannel(gate);
  const beforeDocuments = next !== null && gate.channels[next.channel].order === 0;
  return `<p>${t.intro}</p>
${next && beforeDocuments ? codeStep(view, next) : ''}
<div id="documents"${beforeDocuments ? ' hidden' : ''}><p>${t.loading}</p></div>
${next && !beforeDocuments ? codeStep(view, next) : ''}
${signatureStep(view)}
<p id="error" role="alert"></p>`;
}

/**
 * The signer page, rendered on the server so its state and language need no script. When READY, the
 * script (static, same origin: the page's CSP allows nothing else) renders the documents and signs.
 */
export function renderSignerPage(view: SignerPageView): string {
  const { texts: t } = view;
  const body = view.state === null ? `<p class="state">${t.notFound}</p>`
    : view.state === 'READY' ? readyBody(view)
      : `<p class="state" data-state="${view.state}">${t.states[view.state]}</p>`;
  const messages = { failed: t.failed, codeSent: t.codeSent, here: t.here };
  const script = view.state === 'READY' ? '<script type="module" src="/sign/assets/signer-page.js"></script>' : '';
  return `<!doctype html>
<html lang="${t.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escape(view.title ?? view.brand.name ?? 'Signet')}</title>
<link rel="stylesheet" href="/sign/assets/signer-page.css">
${script}
</head>
<body>
${header(view)}
<main id="signer" data-state="${view.state ?? 'NOT_FOUND'}" data-token="${escape(view.token)}" data-color="${escape(view.signatureColor)}" data-messages="${escape(JSON.stringify(messages))}">
${view.title ? `<h1>${escape(view.title)}</h1>` : ''}
${body}
</main>
</body>
</html>
`;
}
