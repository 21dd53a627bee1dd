import { AppError } from '@signet/http';
import type { RecipientRole } from '@signet/contracts';
import { defineStateMachine } from '@signet/service';
import type { RecipientStatus } from '../model';

/**
 * What happens to a recipient: `invite` (their turn comes: at send, or once the order before them has
 * acted), then by role `sign` (SIGNER), `approve` (APPROVER), `witness` (WITNESS), `view` (VIEWER, on
 * opening their session), or `reject`; `copy` takes a CC straight to COPIED at send.
 */
export const RECIPIENT_TRIGGERS = ['invite', 'sign', 'reject', 'approve', 'witness', 'view', 'copy'] as const;
export type RecipientTrigger = (typeof RECIPIENT_TRIGGERS)[number];

/**
 * The recipient's one transition table. A new recipient is PENDING. The signing routes refuse first by
 * the signing state (READY or why not, signing-state.ts), whose messages the API gives; this refusal
 * is for callers that reach a recipient another way.
 */
export const RECIPIENT_MACHINE = defineStateMachine<RecipientStatus, RecipientTrigger>({
  aggregate: 'recipient',
  states: ['PENDING', 'IN_PROGRESS', 'SIGNED', 'APPROVED', 'WITNESSED', 'VIEWED', 'COPIED', 'REJECTED'],
  triggers: RECIPIENT_TRIGGERS,
  transitions: {
    PENDING: { invite: 'IN_PROGRESS', copy: 'COPIED' },
    IN_PROGRESS: { sign: 'SIGNED', reject: 'REJECTED', approve: 'APPROVED', witness: 'WITNESSED', view: 'VIEWED' },
    SIGNED: {},
    APPROVED: {},
    WITNESSED: {},
    VIEWED: {},
    COPIED: {},
    REJECTED: {}
  },
  refusal: (from, trigger) => new AppError('CONFLICT', `The recipient is ${from}: they cannot ${trigger}`)
});

/** A new recipient waits for their turn. */
export const initialRecipientStatus = () => RECIPIENT_MACHINE.initial('PENDING');

/** The trigger of a recipient's act on their signing link, by role (VIEWER and CC have none: `view` and `copy` come by themselves). */
export function actTrigger(role: RecipientRole | undefined): 'sign' | 'approve' | 'witness' {
  if (role === 'APPROVER') return 'approve';
  if (role === 'WITNESS') return 'witness';
  return 'sign';
}

/** Statuses in which a recipient has done their part. */
export const DONE_STATUSES: readonly RecipientStatus[] = ['SIGNED', 'APPROVED', 'WITNESSED', 'VIEWED', 'COPIED'];

/**
 * Whether the envelope may complete without this recipient doing anything more: they are done, or they
 * only look (a VIEWER who never opened their link, a CC) and never hold it up.
 */
export function isSettled(recipient: { role?: RecipientRole; status: RecipientStatus }): boolean {
  return DONE_STATUSES.includes(recipient.status) || recipient.role === 'VIEWER' || recipient.role === 'CC';
}
