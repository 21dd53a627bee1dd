import type { Request } from 'express';

/** The signer's address as the gateway saw the connection (it overwrites any X-Forwarded-For sent to it). */
export function signerIdentity(req: Request): { ip_address: string | null; user_agent: string | null } {
  const forwarded = req.headers['x-forwarded-for'];
  const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const agent = req.headers['user-agent'];
  return { ip_address: ip ? ip : null, user_agent: agent ? agent.slice(0, 1000) : null };
}
