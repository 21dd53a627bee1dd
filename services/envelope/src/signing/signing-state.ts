import { AppError } from '@signet/http';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { actTrigger, DONE_STATUSES, RECIPIENT_MACHINE } from '../state/recipient-machine';
import { waitsForSigner } from './next-turn';

/** What a signing link allows now: READY to sign, or why not. */
export type SigningState = 'READY' | 'NOT_YOUR_TURN' | 'ALREADY_SIGNED' | 'REJECTED' | 'VOIDED' | 'COMPLETED' | 'EXPIRED';

export const SIGNING_STATE_MESSAGES: Record<Exclude<SigningState, 'READY'>, string> = {
  NOT_YOUR_TURN: 'It is not your turn to sign yet: an earlier recipient has not signed',
  ALREADY_SIGNED: 'You have already signed this envelope',
  REJECTED: 'The envelope was rejected by a recipient and can no longer be signed',
  VOIDED: 'The envelope was voided by its sender and can no longer be signed',
  COMPLETED: 'Every recipient has signed: the envelope is complete',
  EXPIRED: 'The envelope expired before every recipient signed and can no longer be signed'
};

/**
 * Whether the recipient's turn is now and they have not acted yet (a witness whose signer has not
 * signed waits; a viewer who has looked is done): who reminders and expiry warnings go to.
 */
export function awaitsAction(aggregate: EnvelopeAggregate, recipient: RecipientRow): boolean {
  return recipient.status === 'IN_PROGRESS' && signingState(aggregate, recipient) === 'READY';
}

export function signingState(aggregate: EnvelopeAggregate, recipient: RecipientRow): SigningState {
  const { status } = aggregate.envelope;
  if (status === 'VOIDED') return aggregate.recipients.some((candidate) => candidate.status === 'REJECTED') ? 'REJECTED' : 'VOIDED';
  if (status === 'SUCCESS') return 'COMPLETED';
  if (status === 'EXPIRED') return 'EXPIRED';
  const open = ENVELOPE_MACHINE.allows(status, 'sign');
  // A VIEWER may come back to look for as long as the envelope is open; viewing is all they do.
  if (recipient.role === 'VIEWER') return open && (recipient.status === 'IN_PROGRESS' || recipient.status === 'VIEWED') ? 'READY' : 'NOT_YOUR_TURN';
  if (DONE_STATUSES.includes(recipient.status)) return 'ALREADY_SIGNED';
  if (waitsForSigner(aggregate.recipients, recipient)) return 'NOT_YOUR_TURN';
  if (open && RECIPIENT_MACHINE.allows(recipient.status, actTrigger(recipient.role))) return 'READY';
  return 'NOT_YOUR_TURN';
}

/** The signing routes act only while the link can sign now; otherwise 409 says why. */
export function assertReady(access: { state: SigningState }): void {
  if (access.state !== 'READY') throw new AppError('CONFLICT', SIGNING_STATE_MESSAGES[access.state]);
}

/** Who signed or rejected, as far as the request tells: recorded with the signature and in the events. */
export interface SignerIdentity {
  ip_address: string | null;
  user_agent: string | null;
}
