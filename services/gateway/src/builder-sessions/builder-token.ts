import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '@signet/service';

/** What a builder token says: the session, its tenant, when it stops working. */
export interface BuilderTokenClaims {
  sid: string;
  tid: string;
}

/** A valid signature whose time is up, told apart from a value that is no token of ours at all. */
export type VerifiedToken = { kind: 'valid'; claims: BuilderTokenClaims } | { kind: 'expired' } | { kind: 'invalid' };

/** The signing key, derived from the internal secret so it needs no configuration of its own and no other use shares it. */
function signingKey(internalSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', internalSecret, '', 'signet builder sessions', 32));
}

/** Signs and verifies builder session tokens: JWTs (HS256) read on Signet's clock (the test clock moves it). */
export function builderTokens(internalSecret: string, clock: Clock) {
  const key = signingKey(internalSecret);
  return {
    async sign(claims: BuilderTokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid, tid: claims.tid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(Math.floor(clock().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token: string): Promise<VerifiedToken> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock(), requiredClaims: ['sid', 'tid', 'exp'] });
        if (typeof payload.sid !== 'string' || typeof payload.tid !== 'string') return { kind: 'invalid' };
        return { kind: 'valid', claims: { sid: payload.sid, tid: payload.tid } };
      } catch (error) {
        // jose checks the signature before the claims: an expired token is one we signed.
        return error instanceof errors.JWTExpired ? { kind: 'expired' } : { kind: 'invalid' };
      }
    }
  };
}

export type BuilderTokens = ReturnType<typeof builderTokens>;
