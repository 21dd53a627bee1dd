import { AppError } from '@signet/http';
import type { RecipientFacts } from './envelope-client';

/**
 * Codes serve one purpose: letting a recipient into a sent envelope that asks for email validation.
 * Anything else is a state the request cannot change, 409 (docs/decisions.md).
 */
export function assertValidationApplies({ envelope, recipient }: RecipientFacts): void {
  if (!envelope.settings.validations.email.enabled) {
    throw new AppError('CONFLICT', 'Email validation is not enabled for this envelope (settings.validations.email.enabled)');
  }
  if (envelope.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', `Validation codes are only for envelopes IN_PROGRESS (this one is ${envelope.status})`);
  }
  if (recipient.status !== 'PENDING' && recipient.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', `The recipient has finished with this envelope (${recipient.status})`);
  }
}
