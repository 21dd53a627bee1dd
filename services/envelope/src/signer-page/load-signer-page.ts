import { signatureLevel } from '@signet/contracts';
import { isSettled } from '../state/recipient-machine';
import { AppError, hashSecretToken } from '@signet/http';
import { DEFAULT_ID_CHECK, DEFAULT_SENDER_NAME, NO_VALIDATION, type Settings } from '@signet/contracts';
import { accentColors } from '../accent-colors';
import { awaitsConsent, consumerConsentStatus } from '../consumer-consent/consent-gate';
import { disclosureFor } from '../consumer-consent/disclosure';
import type { EnvelopeDeps } from '../envelope-deps';
import { maskPhone } from '../phone-number';
import { loadSigningAccess, type SigningAccess } from '../signing/signing-access';
import { validationGate } from '../signing/validation-gate';
import { embedOrigins } from './page-security';
import { pageTexts } from './page-texts';
import { renderSignerPage, type SignerPageView } from './render-signer-page';
import type { PageEnding } from './signer-page-view';
import { endedLink } from './voided-link';

const NO_ENDING: PageEnding = { rejectedByYou: false, preparing: false, signedEmail: false, signedCopies: [] };

/** `language`: the recipient's own, when they have one; else the envelope's. */
export function viewOf(settings: Settings | null, token: string, language?: string | null): Omit<SignerPageView, 'title' | 'state'> {
  const flow = settings?.signature_flow;
  return {
    texts: pageTexts(language ?? flow?.language ?? 'EN'),
    brand: {
      name: settings?.branding.name ?? null, logo: settings?.branding.logo ?? null, homepage: settings?.branding.url_homepage ?? null,
      color: accentColors(settings?.branding.color).accent
    },
    token,
    gate: NO_VALIDATION,
    signatureTypes: flow ? flow.signature_types.split(',') : [],
    signatureColor: flow?.signature_color ?? '#000000',
    signerName: '',
    maskedPhone: null,
    ending: { ...NO_ENDING, signedEmail: settings?.emails.envelope_signed ?? false },
    // Envelopes stored before embedding existed have neither field.
    embed: { origins: embedOrigins(flow?.embed_origins), redirectUrl: flow?.redirect_url ?? null, envelopeId: null, recipientId: null },
    identity: identityView(settings)
  };
}

/**
 * The consent text's values as the validation part records them with the consent (give-consent.ts): the
 * branding name, else the sender name; the ID check's retention. Envelopes stored before identity checks
 * existed read the defaults (the checks are off for them).
 */
function identityView(settings: Settings | null): SignerPageView['identity'] {
  const idCheck = settings?.validations.id_check ?? DEFAULT_ID_CHECK;
  return {
    sender: settings?.branding.name ?? settings?.signature_flow.sender_name ?? DEFAULT_SENDER_NAME,
    days: idCheck.retention_days,
    kinds: idCheck.document_kinds.split(',').filter(Boolean)
  };
}

async function access(deps: EnvelopeDeps, token: string): Promise<SigningAccess | null> {
  try {
    return await loadSigningAccess(deps, deps.db, token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function endingOf(found: SigningAccess, signedEmail: boolean): PageEnding {
  const { aggregate, recipient, state } = found;
  return {
    rejectedByYou: state === 'REJECTED' && recipient.status === 'REJECTED',
    preparing: state === 'ALREADY_SIGNED' && aggregate.recipients.every(isSettled),
    signedEmail,
    signedCopies: state === 'COMPLETED'
      ? aggregate.documents.filter((document) => document.signed_blob_key).map((document) => ({ id: document.id, name: document.file_name }))
      : []
  };
}

export interface SignerPage {
  /** 404 for a link that never was (the page says so); a voided or revoked one is a page of its own. */
  found: boolean;
  html: string;
  /** The origins that may frame the page (the envelope's `signature_flow.embed_origins`). */
  frameAncestors: string[];
}

/** The signer page a signing link opens, in the recipient's language and the envelope's branding. */
export async function loadSignerPage(deps: EnvelopeDeps, input: { token: string; requestId: string }): Promise<SignerPage> {
  const { token } = input;
  const found = await access(deps, token);
  if (!found) {
    const ended = await endedLink(deps.db, hashSecretToken(token));
    const view = viewOf(ended?.settings ?? null, token);
    return { found: ended !== null, frameAncestors: view.embed.origins, html: renderSignerPage({ ...view, title: null, state: ended?.state ?? null }) };
  }
  const { envelope } = found.aggregate;
  const view = viewOf(envelope.settings, token, found.recipient.language);
  const gate = found.state === 'READY' ? await validationGate(deps, found, input.requestId) : NO_VALIDATION;
  const consentFirst = found.state === 'READY' && awaitsConsent(await consumerConsentStatus(deps.db, found));
  const html = renderSignerPage({
    ...view,
    title: envelope.name,
    state: found.state,
    gate,
    signerName: found.recipient.name,
    maskedPhone: found.recipient.phone === null ? null : maskPhone(found.recipient.phone),
    ending: endingOf(found, view.ending.signedEmail),
    embed: { ...view.embed, envelopeId: envelope.id, recipientId: found.recipient.id },
    role: found.recipient.role ?? 'SIGNER',
    signatureLevel: signatureLevel(envelope.settings),
    ...(consentFirst ? { consumerConsent: disclosureFor(envelope.settings, found.recipient.language) } : {})
  });
  return { found: true, frameAncestors: view.embed.origins, html };
}
