import { translator } from '@signet/i18n';
import { type TextBlock, textDocument } from '@signet/signed-pdf';
import type { EnvelopeDeps } from '../envelope-deps';
import { loadSigningAccess } from '../signing/signing-access';
import { consentAsked, disclosureFor } from './disclosure';
import { NOT_ASKED } from './give-consent';

/**
 * GET /signing/v1/:token/consent/document (public): the consent document, a PDF of one page with the
 * disclosure in the recipient's language and the code they type to consent (proof that they can open
 * the PDFs they are asked to receive). Made afresh on each request: it holds nothing but the disclosure,
 * the sender's name and address, and the code, which is always the same for the recipient.
 */
export async function getConsentDocument(deps: EnvelopeDeps, { token }: { token: string }): Promise<Uint8Array> {
  const access = await loadSigningAccess(deps, deps.db, token);
  const { settings } = access.aggregate.envelope;
  if (!consentAsked(settings)) throw NOT_ASKED();
  const disclosure = disclosureFor(settings, access.recipient.language);
  const t = translator(disclosure.language);
  const blocks: TextBlock[] = [
    { text: disclosure.title, style: 'title' },
    ...disclosure.sections.flatMap((section): TextBlock[] => [
      ...(section.heading === null ? [] : [{ text: section.heading, style: 'heading' as const }]),
      ...section.paragraphs.map((text) => ({ text, style: 'paragraph' as const }))
    ]),
    { text: t('consumerConsent.document.code', { code: deps.consentCodes.codeFor(access.recipient.id) }), style: 'code' },
    { text: t('consumerConsent.document.codeHelp'), style: 'paragraph' },
    { text: t('consumerConsent.document.version', { version: disclosure.version }), style: 'paragraph' }
  ];
  return textDocument({ title: disclosure.title, blocks, language: { tag: disclosure.language.tag, direction: disclosure.language.direction } });
}
