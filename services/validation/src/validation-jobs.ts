import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import type { JobSystem } from '@signet/jobs';

/** What queuing the validation part's jobs needs (the handlers are bound in validation-job-kinds.ts). */
export const SEND_CODE_MAIL = { name: 'validation.send-code-mail', payload: Type.Object({ messageId: Type.String() }) };
export const SEND_CODE_SMS = { name: 'validation.send-code-sms', payload: Type.Object({ messageId: Type.String() }) };
export const EXPIRE_CODE = { name: 'validation.expire-code', payload: Type.Object({ codeId: Type.String() }) };

export type ValidationJobs = ReturnType<typeof validationJobs>;

export function validationJobs(jobs: JobSystem) {
  return {
    /** A code's email or SMS, sent after the transaction that queued it. */
    queueSend: (trx: Knex.Transaction, channel: 'email' | 'sms', messageId: string) => jobs.enqueue(trx, channel === 'email' ? SEND_CODE_MAIL : SEND_CODE_SMS, { messageId }, { key: messageId }),
    /** The code's expiry, at `expiresAt` (Signet's clock): announced even when nobody tries the code. */
    queueExpiry: (trx: Knex.Transaction, codeId: string, expiresAt: Date) => jobs.enqueue(trx, EXPIRE_CODE, { codeId }, { key: codeId, runAt: expiresAt })
  };
}
