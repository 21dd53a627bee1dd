import type { IdentityDeps } from './identity-deps';
import { writeIdentityEvent } from './identity-events';
import { identityCheckMachine } from './identity-machine';

/**
 * A started attempt nobody finished (a selfie challenge, a provider session) EXPIRES at its time, with
 * its event; the signer may start another. An attempt recorded meanwhile wins: nothing happens.
 */
export async function expireAttempt(deps: IdentityDeps, checkId: string): Promise<void> {
  const expired = await deps.db.transaction(async (trx) => {
    const now = deps.clock();
    const check = await deps.identity.lockById(trx, checkId);
    if (check === null || check.status !== 'IN_PROGRESS') return false;
    const due = check.attempt_expires_at;
    if (due === null) return false;
    if (due > now) throw new Error('the identity attempt expiry job ran before its time; it runs again');
    const status = identityCheckMachine.next(check.status, 'expire');
    const changes = { status, challenge: null, attempt_expires_at: null, updated_at: now };
    await deps.identity.update(trx, check.id, changes);
    await writeIdentityEvent(trx, { step: 'expired', check: { ...check, ...changes }, requestId: null, at: now });
    return true;
  });
  if (expired) deps.committed();
}
