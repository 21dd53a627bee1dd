import { AppError } from '@signet/http';
import type { Clock } from '@signet/service';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';
import type { BuilderSessionRow, BuilderSessionStore } from './builder-session-store';
import type { BuilderTokens } from './builder-token';

/** A builder token's caller: the session and the API key it acts as. */
export interface BuilderCaller {
  session: BuilderSessionRow;
  key: ApiKeyRecord;
}

/** Who a builder token speaks for; null when the value is no token of ours (then it is an API key sent with a scheme). */
export type BuilderTokenLookup = (token: string) => Promise<BuilderCaller | null>;

/**
 * A token we signed whose time is up is 401 TOKEN_EXPIRED (the editor asks its host for a new one); one
 * whose session was revoked, or whose key was, is 401 UNAUTHORIZED.
 */
export function builderTokenLookup(tokens: BuilderTokens, sessions: BuilderSessionStore, clock: Clock): BuilderTokenLookup {
  return async (token) => {
    const verified = await tokens.verify(token);
    if (verified.kind === 'invalid') return null;
    if (verified.kind === 'expired') throw new AppError('TOKEN_EXPIRED', 'This builder session has expired: start a new one');
    const found = await sessions.findWithKey(verified.claims.sid);
    if (!found || found.session.tenant_id !== verified.claims.tid || found.session.revoked_at !== null) {
      throw new AppError('UNAUTHORIZED', 'This builder session was revoked');
    }
    if (found.session.expires_at <= clock()) throw new AppError('TOKEN_EXPIRED', 'This builder session has expired: start a new one');
    return found;
  };
}
