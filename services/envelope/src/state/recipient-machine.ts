import { AppError } from '@signet/http';
import { defineStateMachine } from '@signet/service';
import type { RecipientStatus } from '../model';

/**
 * What happens to a recipient: `invite` (their turn comes: at send, or once the order before them has
 * signed), `sign`, `reject`.
 */
export const RECIPIENT_TRIGGERS = ['invite', 'sign', 'reject'] as const;
export type RecipientTrigger = (typeof RECIPIENT_TRIGGERS)[number];

/**
 * The recipient's one transition table. A new recipient is PENDING. The signing routes refuse first by
 * the signing state (READY or why not, signing-state.ts), whose messages the API gives; this refusal
 * is for callers that reach a recipient another way.
 */
export const RECIPIENT_MACHINE = defineStateMachine<RecipientStatus, RecipientTrigger>({
  aggregate: 'recipient',
  states: ['PENDING', 'IN_PROGRESS', 'SIGNED', 'REJECTED'],
  triggers: RECIPIENT_TRIGGERS,
  transitions: {
    PENDING: { invite: 'IN_PROGRESS' },
    IN_PROGRESS: { sign: 'SIGNED', reject: 'REJECTED' },
    SIGNED: {},
    REJECTED: {}
  },
  refusal: (from, trigger) => new AppError('CONFLICT', `The recipient is ${from}: they cannot ${trigger}`)
});

/** A new recipient waits for their turn. */
export const initialRecipientStatus = () => RECIPIENT_MACHINE.initial('PENDING');
