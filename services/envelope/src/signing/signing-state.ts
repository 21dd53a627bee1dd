import { AppError } from '@signet/http';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { actTrigger, DONE_STATUSES, RECIPIENT_MACHINE } from '../state/recipient-machine';

/** What a signing link allows now: READY to sign, or why not. */
export type SigningState = 'READY' | 'NOT_YOUR_TURN' | 'ALREADY_SIGNED' | 'REJECTED' | 'VOIDED' | 'COMPLETED';

export const SIGNING_STATE_MESSAGES: Record<Exclude<SigningState, 'READY'>, string> = {
  NOT_YOUR_TURN: 'It is not your turn to sign yet: an earlier recipient has not signed',
  ALREADY_SIGNED: 'You have already signed this envelope',
  REJECTED: 'The envelope was rejected by a recipient and can no longer be signed',
  VOIDED: 'The envelope was voided by its sender and can no longer be signed',
  COMPLETED: 'Every recipient has signed: the envelope is complete'
};

export function signingState(aggregate: EnvelopeAggregate, recipient: RecipientRow): SigningState {
  const { status } = aggregate.envelope;
  if (status === 'VOIDED') return aggregate.recipients.some((candidate) => candidate.status === 'REJECTED') ? 'REJECTED' : 'VOIDED';
  if (status === 'SUCCESS') return 'COMPLETED';
  const open = ENVELOPE_MACHINE.allows(status, 'sign');
  // A VIEWER may come back to look for as long as the envelope is open; viewing is all they do.
  if (recipient.role === 'VIEWER') return open && (recipient.status === 'IN_PROGRESS' || recipient.status === 'VIEWED') ? 'READY' : 'NOT_YOUR_TURN';
  if (DONE_STATUSES.includes(recipient.status)) return 'ALREADY_SIGNED';
  if (recipient.role === 'WITNESS' && !witnessedSignerHasSigned(aggregate, recipient)) return 'NOT_YOUR_TURN';
  if (open && RECIPIENT_MACHINE.allows(recipient.status, actTrigger(recipient.role))) return 'READY';
  return 'NOT_YOUR_TURN';
}

/** A WITNESS acts only once the signer they witness has signed. */
function witnessedSignerHasSigned(aggregate: EnvelopeAggregate, witness: RecipientRow): boolean {
  return aggregate.recipients.some((candidate) => candidate.custom_key === witness.witness_of && candidate.status === 'SIGNED');
}

/** The signing routes act only while the link can sign now; otherwise 409 says why. */
export function assertReady(access: { state: SigningState }): void {
  if (access.state !== 'READY') throw new AppError('CONFLICT', SIGNING_STATE_MESSAGES[access.state]);
}
