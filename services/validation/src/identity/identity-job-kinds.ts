import { defineJobKind, doublingBackoff, type AnyJobKind } from '@signet/jobs';
import { expireAttempt } from './expire-attempt';
import type { IdentityDeps } from './identity-deps';
import { EXPIRE_IDENTITY_ATTEMPT, PURGE_ATTEMPT_IMAGES } from './identity-jobs';
import { purgeAttemptImages } from './purge-images';

const MINUTE_MS = 60_000;

/** The identity checks' job kinds: thin adapters over their use cases. */
export function identityJobKinds(deps: IdentityDeps): AnyJobKind[] {
  return [
    // A blob store out of reach delays the erasure, it never skips it: retried for about a day, then dead-lettered for an operator.
    defineJobKind({ ...PURGE_ATTEMPT_IMAGES, maxAttempts: 25, backoffMs: doublingBackoff(5000, 60 * MINUTE_MS), leaseMs: 5 * MINUTE_MS, run: (job) => purgeAttemptImages(deps, job) }),
    defineJobKind({ ...EXPIRE_IDENTITY_ATTEMPT, maxAttempts: 10, backoffMs: doublingBackoff(1000, MINUTE_MS), leaseMs: MINUTE_MS, run: ({ checkId }) => expireAttempt(deps, checkId) })
  ];
}
