import { isSettled } from '../state/recipient-machine';
import type { Request, Response } from 'express';
import { AppError, hashSecretToken, requestIdOf } from '@signet/http';
import type { Settings } from '@signet/contracts';
import type { EnvelopeDeps } from '../envelope-deps';
import { maskPhone } from '../phone-number';
import { loadSigningAccess, type SigningAccess } from '../signing/signing-access';
import { validationGate } from '../signing/validation-gate';
import { embedOrigins, secureSignerResponse } from './page-security';
import { pageTexts } from './page-texts';
import { renderSignerPage, type SignerPageView } from './render-signer-page';
import type { PageEnding } from './signer-page-view';
import { voidedLinkSettings } from './voided-link';

const OFF = { required: false, order: 0, verified: false, verified_at: null };
const NO_GATE = { required: false, order: 0, verified: false, verified_at: null, channels: { email: OFF, sms: OFF } };
const NO_ENDING: PageEnding = { rejectedByYou: false, preparing: false, signedEmail: false, signedCopies: [] };

/** `language`: the recipient's own, when they have one; else the envelope's. */
function viewOf(settings: Settings | null, token: string, language?: string | null): Omit<SignerPageView, 'title' | 'state'> {
  const flow = settings?.signature_flow;
  return {
    texts: pageTexts(language ?? flow?.language ?? 'EN'),
    brand: { name: settings?.branding.name ?? null, logo: settings?.branding.logo ?? null, homepage: settings?.branding.url_homepage ?? null },
    token,
    gate: NO_GATE,
    signatureTypes: flow ? flow.signature_types.split(',') : [],
    signatureColor: flow?.signature_color ?? '#000000',
    signerName: '',
    maskedPhone: null,
    ending: { ...NO_ENDING, signedEmail: settings?.emails.envelope_signed ?? false },
    // Envelopes stored before embedding existed have neither field.
    embed: { origins: embedOrigins(flow?.embed_origins), redirectUrl: flow?.redirect_url ?? null, envelopeId: null, recipientId: null }
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

/** GET /sign/:token (public): the signer page, in the envelope's language and branding. */
export function serveSignerPage(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const token = String(req.params.token);
    const found = await access(deps, token);
    res.type('html');
    if (!found) {
      const voided = await voidedLinkSettings(deps.db, hashSecretToken(token));
      const view = viewOf(voided, token);
      secureSignerResponse(res, view.embed.origins);
      res.status(voided ? 200 : 404).send(renderSignerPage({ ...view, title: null, state: voided ? 'VOIDED' : null }));
      return;
    }
    const { envelope } = found.aggregate;
    const view = viewOf(envelope.settings, token, found.recipient.language);
    secureSignerResponse(res, view.embed.origins);
    const gate = found.state === 'READY' ? await validationGate(deps, found, requestIdOf(res)) : NO_GATE;
    res.send(renderSignerPage({
      ...view,
      title: envelope.name,
      state: found.state,
      gate,
      signerName: found.recipient.name,
      maskedPhone: found.recipient.phone === null ? null : maskPhone(found.recipient.phone),
      ending: endingOf(found, view.ending.signedEmail),
      embed: { ...view.embed, envelopeId: envelope.id, recipientId: found.recipient.id }
    }));
  };
}
