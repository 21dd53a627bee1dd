import { escape, type SignerPageView } from './signer-page-view';

/**
 * The consumer disclosure, before anything of the envelope (signature_flow.consumer_consent): the
 * disclosure's sections, a link to the consent document (a PDF), the code it shows, "I agree", and the
 * decline that withdraws and rejects, confirmed in a dialog as the reject button is. A VIEWER has nothing
 * to reject: they are offered only the agreement. Its script is consumer-consent.js.
 */
export function consentStep(view: SignerPageView): string {
  const disclosure = view.consumerConsent;
  if (!disclosure) return '';
  const { t } = view.texts;
  const sections = disclosure.sections.map((section) => [
    ...(section.heading === null ? [] : [`  <h3>${escape(section.heading)}</h3>`]),
    ...section.paragraphs.map((paragraph) => `  <p>${escape(paragraph)}</p>`)
  ].join('\n')).join('\n');
  const messages = { codeMissing: t('consumerConsent.page.codeMissing'), codeWrong: t('consumerConsent.page.codeWrong'), failed: t('script.failed'), conflict: t('script.conflict') };
  const documentUrl = `/signing/v1/${encodeURIComponent(view.token)}/consent/document`;
  const decline = view.role === 'VIEWER'
    ? ''
    : `\n  <p class="reject-line"><button type="button" id="consent-withdraw" class="quiet" disabled>${escape(t('consumerConsent.page.decline'))}</button></p>`;
  return `<section id="consumer-consent" class="card consumer-consent" aria-labelledby="consumer-consent-title" data-version="${escape(disclosure.version)}" data-messages="${escape(JSON.stringify(messages))}">
  <h2 id="consumer-consent-title">${escape(disclosure.title)}</h2>
${sections}
  <p class="demonstrate">${escape(t('consumerConsent.page.demonstrate'))}</p>
  <p><a id="consent-document" class="download" href="${escape(documentUrl)}" target="_blank" rel="noopener">${escape(t('consumerConsent.page.openDocument'))}</a></p>
  <label for="consent-code">${escape(t('consumerConsent.page.codeLabel'))}</label>
  <input id="consent-code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="20" aria-describedby="consent-code-error">
  <p id="consent-code-error" class="field-error" role="alert"></p>
  <div class="step-actions"><button type="button" id="consent-agree" class="primary" disabled>${escape(disclosure.agree)}</button></div>${decline}
</section>${decline === '' ? '' : withdrawDialog(view, disclosure.sender)}`;
}

function withdrawDialog(view: SignerPageView, sender: string): string {
  const { t } = view.texts;
  return `
<dialog id="withdraw-dialog" aria-labelledby="withdraw-title">
  <h2 id="withdraw-title">${escape(t('consumerConsent.page.confirmTitle'))}</h2>
  <p>${escape(t('consumerConsent.page.confirmText', { sender }))}</p>
  <p id="withdraw-error" class="field-error" role="alert"></p>
  <div class="dialog-actions"><button type="button" id="withdraw" class="danger">${escape(t('consumerConsent.page.confirm'))}</button><button type="button" id="withdraw-cancel" autofocus>${escape(t('page.cancel'))}</button></div>
</dialog>`;
}
