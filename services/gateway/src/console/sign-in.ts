import { randomBytes } from 'node:crypto';
import type { LanguageCode } from '@signet/i18n';
import { hashSecret, newConsoleCookie, type ConsoleCookie } from './console-cookie';
import { CONSOLE_SESSION_MS, type ConsoleDeps } from './console-deps';

/**
 * Exchanges an API key for a console session of the key's tenant: the key itself is never kept, in the
 * browser or here. Null when the key is unknown or revoked.
 */
export async function signInToConsole(deps: ConsoleDeps, apiKey: string, language: LanguageCode): Promise<ConsoleCookie | null> {
  const key = apiKey.length > 0 && apiKey.length <= 200 ? await deps.keys.findActiveByKey(apiKey) : null;
  if (!key) return null;
  const cookie = newConsoleCookie();
  const now = deps.clock();
  await deps.sessions.insert({
    id: cookie.sessionId, secret_hash: hashSecret(cookie.secret), csrf_token: randomBytes(32).toString('base64url'),
    tenant_id: key.tenant_id, api_key_id: key.id, language, created_at: now, expires_at: new Date(now.getTime() + CONSOLE_SESSION_MS)
  });
  return cookie;
}
