import { consentStep } from './render-consent-step';
import { readyBody } from './render-ready-body';
import { escape, type SignerPageView } from './signer-page-view';

export type { SignerPageView } from './signer-page-view';

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
  const logo = `<img class="logo" src="${escape(brand.logo)}" alt="${escape(brand.name ?? view.texts.home)}">`;
  return `<header class="brand">${homepageLink(brand.homepage, logo)}${name}</header>`;
}

/** Who to ask: the branding name, linked to its homepage when set; the homepage alone; or the sender. */
function contactLine(view: SignerPageView): string {
  const { brand, texts: t } = view;
  const label = brand.name ?? (brand.homepage ? new URL(brand.homepage).host : null);
  if (!label) return `<p class="contact">${t.contactNobody}</p>`;
  const who = brand.homepage ? homepageLink(brand.homepage, escape(label)) : escape(label);
  return `<p class="contact">${t.contact(who)}</p>`;
}

function stateBody(view: SignerPageView): string {
  const { texts: t, ending } = view;
  const state = view.state as Exclude<SignerPageView['state'], 'READY' | null>;
  const message = state === 'REJECTED' && ending.rejectedByYou ? t.rejectedByYou : t.states[state];
  const parts = [`<p class="state" data-state="${state}">${message}</p>`];
  if (state === 'ALREADY_SIGNED') {
    const next = ending.preparing ? t.signedNext.preparing : ending.signedEmail ? t.signedNext.email : t.signedNext.noEmail;
    parts.push(`<p class="next" id="next-step"${ending.preparing ? ' data-preparing="true"' : ''}>${next}</p>`);
  }
  if (state === 'COMPLETED' && ending.signedCopies.length > 0) {
    const links = ending.signedCopies.map((copy) =>
      `<li><a class="download" href="/signing/v1/${encodeURIComponent(view.token)}/documents/${encodeURIComponent(copy.id)}" download="${escape(copy.name)}">${escape(copy.name)}</a></li>`).join('');
    parts.push(`<section class="card" id="signed-copy"><h2>${t.signedCopy}</h2><ul>${links}</ul>${ending.signedEmail ? `<p>${t.signedCopyEmailed}</p>` : ''}</section>`);
  }
  if (state === 'VOIDED' || state === 'EXPIRED' || (state === 'REJECTED' && !ending.rejectedByYou) || state === 'NOT_YOUR_TURN') parts.push(contactLine(view));
  return parts.join('\n');
}

function script(view: SignerPageView): string {
  if (view.state === null) return '';
  if (view.state !== 'READY') return '<script type="module" src="/sign/assets/state-page.js"></script>';
  if (view.consumerConsent) return '<script type="module" src="/sign/assets/consumer-consent.js"></script>';
  // pdf.js is the largest download: ask for it with the page's own script, not after it.
  return '<link rel="modulepreload" href="/sign/assets/pdf.min.mjs">\n<script type="module" src="/sign/assets/signer-page.js"></script>';
}

/** What the page's head loads: its style sheets and its script. */
export interface PageResources {
  styles: string;
  script: string;
}

/**
 * The live page's: its own files, and the branding colour as a style sheet of its own (the CSP allows
 * styles from Signet only, never inline), named by the colour so every envelope of that colour shares it.
 */
function liveResources(view: SignerPageView): PageResources {
  const styles = ['/sign/assets/signer-page.css', '/sign/assets/value-fonts.css', `/sign/accent/${view.brand.color.slice(1)}.css`]
    .map((href) => `<link rel="stylesheet" href="${escape(href)}">`).join('\n');
  return { styles, script: script(view) };
}

/**
 * The signer page, rendered on the server so its state, language and loading message show from the
 * first paint, before any script. When READY, the script (static, same origin: the page's CSP allows
 * nothing else) renders the documents and signs.
 */
export function renderSignerPage(view: SignerPageView, resources: PageResources = liveResources(view)): string {
  const { texts: t } = view;
  const body = view.state === null ? `<p class="state">${t.notFound}</p>` : view.state === 'READY' ? (view.consumerConsent ? consentStep(view) : readyBody(view)) : stateBody(view);
  const embed = { origins: view.embed.origins, redirect_url: view.embed.redirectUrl, envelope_id: view.embed.envelopeId, recipient_id: view.embed.recipientId };
  return `<!doctype html>
<html lang="${t.lang}"${t.dir === 'rtl' ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escape(view.title ?? view.brand.name ?? 'Signet')}</title>
${resources.styles}
${resources.script}
</head>
<body>
${header(view)}
<main id="signer" data-state="${view.state ?? 'NOT_FOUND'}" data-token="${escape(view.token)}" data-color="${escape(view.signatureColor)}" data-messages="${escape(JSON.stringify(t.script))}" data-embed="${escape(JSON.stringify(embed))}">
${view.title ? `<h1>${escape(view.title)}</h1>` : ''}
${body}
</main>
</body>
</html>
`;
}
