import type { Request } from 'express';
import type { SignerIdentity } from '../signing/signing-state';

/** The signer's address as the gateway decided it (it overwrites X-Forwarded-For; see TRUST_PROXY). */
export function signerIdentity(req: Request): SignerIdentity {
  const forwarded = req.headers['x-forwarded-for'];
  const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const agent = req.headers['user-agent'];
  return { ip_address: ip ? ip : null, user_agent: agent ? agent.slice(0, 1000) : null };
}
