import type { Request } from 'express';
import { AppError } from '@signet/http';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';
import { consoleCookieOf, sameToken, secretMatches } from './console-cookie';
import type { ConsoleDeps } from './console-deps';
import type { ConsoleSessionRow } from './console-session-store';

/** A console session's caller: the session and the API key it acts as. */
export interface ConsoleCaller {
  session: ConsoleSessionRow;
  key: ApiKeyRecord;
}

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The live session a request's cookie names, or null (no cookie, unknown, ended, expired, or its key revoked). */
export async function liveConsoleSession(deps: ConsoleDeps, cookieHeader: string | undefined): Promise<ConsoleCaller | null> {
  const cookie = consoleCookieOf(cookieHeader);
  if (!cookie) return null;
  const session = await deps.sessions.find(cookie.sessionId);
  if (!session || !secretMatches(cookie.secret, session.secret_hash) || session.ended_at !== null || session.expires_at <= deps.clock()) return null;
  const key = await deps.keyById(session.api_key_id);
  return key && key.tenant_id === session.tenant_id ? { session, key } : null;
}

/** Whether a write carries the session's CSRF token (a header from the console's script, or a form field). */
export function carriesCsrfToken(session: ConsoleSessionRow, given: unknown): boolean {
  return typeof given === 'string' && sameToken(given, session.csrf_token);
}

/**
 * The API caller a console cookie stands for, when a request has no Authorization header: undefined
 * without a console cookie; 401 for a cookie whose session is over; a write without the session's CSRF
 * token is 403, whatever it asks.
 */
export function consoleSessionLookup(deps: ConsoleDeps) {
  return async (req: Request): Promise<ConsoleCaller | undefined> => {
    if (!consoleCookieOf(req.headers.cookie)) return undefined;
    const caller = await liveConsoleSession(deps, req.headers.cookie);
    if (!caller) throw new AppError('UNAUTHORIZED', 'The console session has ended: sign in again');
    if (!SAFE_METHODS.has(req.method) && !carriesCsrfToken(caller.session, req.headers[CSRF_HEADER])) {
      throw new AppError('FORBIDDEN', 'A console write must carry the session\'s X-CSRF-Token');
    }
    return caller;
  };
}

export type ConsoleSessionLookup = ReturnType<typeof consoleSessionLookup>;
