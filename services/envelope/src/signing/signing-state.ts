import { AppError } from '@signet/http';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { RECIPIENT_MACHINE } from '../state/recipient-machine';

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

export function signingState(aggregate: EnvelopeAggregate, recipient: RecipientRow): SigningState {
  const { status } = aggregate.envelope;
  if (status === 'VOIDED') return aggregate.recipients.some((candidate) => candidate.status === 'REJECTED') ? 'REJECTED' : 'VOIDED';
  if (status === 'SUCCESS') return 'COMPLETED';
  if (status === 'EXPIRED') return 'EXPIRED';
  if (recipient.status === 'SIGNED') return 'ALREADY_SIGNED';
  if (ENVELOPE_MACHINE.allows(status, 'sign') && RECIPIENT_MACHINE.allows(recipient.status, 'sign')) return 'READY';
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
