import type { Request, Response } from 'express';
import { AppError, hashSecretToken } from '@signet/http';
import type { Settings } from '@signet/contracts';
import type { EnvelopeDeps } from '../envelope-deps';
import { loadSigningAccess, type SigningAccess } from '../signing/signing-access';
import { validationGate } from '../signing/validation-gate';
import { secureSignerResponse } from './page-security';
import { pageTexts } from './page-texts';
import { renderSignerPage, type SignerPageView } from './render-signer-page';
import { voidedLinkSettings } from './voided-link';

const OFF = { required: false, order: 0, verified: false, verified_at: null };
const NO_GATE = { required: false, order: 0, verified: false, verified_at: null, channels: { email: OFF, sms: OFF } };

function viewOf(settings: Settings | null, token: string): Omit<SignerPageView, 'title' | 'state'> {
  return {
    texts: pageTexts(settings?.signature_flow.language ?? 'EN'),
    brand: { name: settings?.branding.name ?? null, logo: settings?.branding.logo ?? null, homepage: settings?.branding.url_homepage ?? null },
    token,
    gate: NO_GATE,
    signatureTypes: settings ? settings.signature_flow.signature_types.split(',') : [],
    signatureColor: settings?.signature_flow.signature_color ?? '#000000'
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

/** GET /sign/:token (public): the signer page, in the envelope's language and branding. */
export function serveSignerPage(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const token = String(req.params.token);
    const found = await access(deps, token);
    secureSignerResponse(res);
    res.type('html');
    if (!found) {
      const voided = await voidedLinkSettings(deps.db, hashSecretToken(token));
      res.status(voided ? 200 : 404).send(renderSignerPage({ ...viewOf(voided, token), title: null, state: voided ? 'VOIDED' : null }));
      return;
    }
    const { envelope } = found.aggregate;
    const gate = found.state === 'READY' ? await validationGate(deps, res, found) : NO_GATE;
    res.send(renderSignerPage({ ...viewOf(envelope.settings, token), title: envelope.name, state: found.state, gate }));
  };
}
