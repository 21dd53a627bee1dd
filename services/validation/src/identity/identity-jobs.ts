import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import type { JobSystem } from '@signet/jobs';

/** An attempt's images are erased at the end of their retention, whether or not the attempt was recorded. */
export const PURGE_ATTEMPT_IMAGES = {
  name: 'validation.purge-identity-images',
  payload: Type.Object({ attemptId: Type.String(), checkId: Type.String(), blobKeys: Type.Array(Type.String()) })
};
/** A started attempt (a selfie challenge, a provider session) nobody finished. */
export const EXPIRE_IDENTITY_ATTEMPT = { name: 'validation.expire-identity-attempt', payload: Type.Object({ checkId: Type.String() }) };

export type IdentityJobs = ReturnType<typeof identityJobs>;

export function identityJobs(jobs: JobSystem) {
  return {
    queuePurge: (trx: Knex.Transaction, payload: { attemptId: string; checkId: string; blobKeys: string[] }, runAt: Date) =>
      jobs.enqueue(trx, PURGE_ATTEMPT_IMAGES, payload, { key: payload.attemptId, runAt }),
    queueExpiry: (trx: Knex.Transaction, checkId: string, runAt: Date) => jobs.enqueue(trx, EXPIRE_IDENTITY_ATTEMPT, { checkId }, { key: checkId, runAt })
  };
}
