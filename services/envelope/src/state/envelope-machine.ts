import type { EnvelopeError, EnvelopeStatus } from '@signet/contracts';
import { AppError } from '@signet/http';
import { defineStateMachine, type Transitioned } from '@signet/service';

/**
 * What happens to an envelope:
 * - `edit` / `edit_with_errors`: created, updated or given an uploaded document, and checked (errors put it in ERROR);
 * - `send`: invitations go out; `sign`: a recipient signs (the envelope stays as it is until complete);
 * - `reject`: a recipient declines (the envelope is VOIDED, docs/decisions.md); `void`: the sender voids it;
 * - `complete`: every recipient has signed and the signed PDFs are stored;
 * - `expire`: its expires_at came before every recipient signed (EXPIRED, final for signing like VOIDED);
 * - `extend`: a new expires_at, which reactivates an EXPIRED envelope.
 */
export const ENVELOPE_TRIGGERS = ['edit', 'edit_with_errors', 'send', 'sign', 'reject', 'void', 'complete', 'expire', 'extend'] as const;
export type EnvelopeTrigger = (typeof ENVELOPE_TRIGGERS)[number];

const EDITABLE = { edit: 'CREATED', edit_with_errors: 'ERROR' } as const;

function refusal(from: EnvelopeStatus, trigger: EnvelopeTrigger): AppError {
  switch (trigger) {
    case 'edit':
    case 'edit_with_errors':
      return new AppError('METHOD_NOT_ALLOWED', `The envelope is ${from}: only CREATED or ERROR envelopes can be updated`);
    case 'send':
      return new AppError('CONFLICT', `Envelope not in CREATED status (it is ${from})`);
    case 'void':
      return new AppError('CONFLICT', `Cannot void an envelope in ${from}: every recipient has signed`);
    case 'extend':
      return new AppError('CONFLICT', `The envelope is ${from}: only IN_PROGRESS or EXPIRED envelopes can be extended`);
    default:
      return new AppError('CONFLICT', `The envelope is ${from}: it cannot ${trigger}`);
  }
}

/**
 * The envelope's one transition table: every status change of an envelope goes through it. Voiding a
 * VOIDED envelope is a transition to itself, which the void use case treats as nothing to do.
 */
export const ENVELOPE_MACHINE = defineStateMachine<EnvelopeStatus, EnvelopeTrigger>({
  aggregate: 'envelope',
  states: ['CREATED', 'ERROR', 'IN_PROGRESS', 'SUCCESS', 'VOIDED', 'EXPIRED'],
  triggers: ENVELOPE_TRIGGERS,
  transitions: {
    CREATED: { ...EDITABLE, send: 'IN_PROGRESS', void: 'VOIDED' },
    ERROR: { ...EDITABLE, void: 'VOIDED' },
    IN_PROGRESS: { sign: 'IN_PROGRESS', reject: 'VOIDED', void: 'VOIDED', complete: 'SUCCESS', expire: 'EXPIRED', extend: 'IN_PROGRESS' },
    SUCCESS: {},
    VOIDED: { void: 'VOIDED' },
    EXPIRED: { extend: 'IN_PROGRESS', void: 'VOIDED' }
  },
  refusal
});

/** The check's verdict as a trigger: problems a later update can fix put the envelope in ERROR. */
export function editTrigger(errors: readonly EnvelopeError[]): EnvelopeTrigger {
  return errors.length > 0 ? 'edit_with_errors' : 'edit';
}

/** A new envelope starts CREATED and is checked at once, as an update would check it. */
export function initialStatus(errors: readonly EnvelopeError[]): Transitioned<EnvelopeStatus> {
  return ENVELOPE_MACHINE.next(ENVELOPE_MACHINE.initial('CREATED'), editTrigger(errors));
}
