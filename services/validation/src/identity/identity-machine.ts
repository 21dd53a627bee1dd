import type { IdentityCheckStatus } from '@signet/contracts';
import { AppError } from '@signet/http';
import { defineStateMachine } from '@signet/service';

export const IDENTITY_TRIGGERS = ['start', 'pass', 'fail', 'lock', 'expire', 'reset', 'approve', 'assert'] as const;
export type IdentityTrigger = (typeof IDENTITY_TRIGGERS)[number];

const OPEN = { start: 'IN_PROGRESS', approve: 'PASSED', assert: 'PASSED', reset: 'PENDING' } as const;

/**
 * An identity check's statuses. An attempt starts (IN_PROGRESS) and ends PASSED, FAILED (another may
 * follow) or LOCKED (the last one allowed failed); a started attempt nobody finishes EXPIRES. A sender
 * resets any unpassed check to PENDING, or passes it by hand; an integrator's assertion passes it.
 */
export const identityCheckMachine = defineStateMachine<IdentityCheckStatus, IdentityTrigger>({
  aggregate: 'identity check',
  states: ['PENDING', 'IN_PROGRESS', 'PASSED', 'FAILED', 'LOCKED', 'EXPIRED'],
  triggers: IDENTITY_TRIGGERS,
  transitions: {
    PENDING: { ...OPEN },
    IN_PROGRESS: { start: 'IN_PROGRESS', pass: 'PASSED', fail: 'FAILED', lock: 'LOCKED', expire: 'EXPIRED', approve: 'PASSED', assert: 'PASSED', reset: 'PENDING' },
    FAILED: { ...OPEN },
    EXPIRED: { ...OPEN },
    LOCKED: { approve: 'PASSED', assert: 'PASSED', reset: 'PENDING' },
    PASSED: {}
  },
  refusal(from, trigger) {
    if (from === 'PASSED') return new AppError('CONFLICT', 'This identity check has already passed');
    if (from === 'LOCKED' && trigger === 'start') return new AppError('CONFLICT', 'This identity check is locked after too many failed attempts: the sender can reset it');
    return new AppError('CONFLICT', `An identity check ${from} cannot ${trigger}`);
  }
});
