import { AppError } from '@signet/http';
import type { RecipientFacts } from './recipient-facts';
import type { ValidationChannel } from './model';

/**
 * Codes serve one purpose: letting a recipient into a sent envelope that asks for validation on that
 * channel (email, or phone by SMS). Anything else is a state the request cannot change, 409
 * (docs/decisions.md).
 */
export function assertValidationApplies({ envelope, recipient, phone }: RecipientFacts, channel: ValidationChannel): void {
  const { validations } = envelope.settings;
  if (channel === 'email' && !validations.email.enabled) {
    throw new AppError('CONFLICT', 'Email validation is not enabled for this envelope (settings.validations.email.enabled)');
  }
  if (channel === 'sms' && !validations.phone?.enabled) {
    throw new AppError('CONFLICT', 'Phone validation is not enabled for this envelope (settings.validations.phone.enabled)');
  }
  if (envelope.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', `Validation codes are only for envelopes IN_PROGRESS (this one is ${envelope.status})`);
  }
  if (recipient.status !== 'PENDING' && recipient.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', `The recipient has finished with this envelope (${recipient.status})`);
  }
  if (channel === 'sms' && phone === null) throw new AppError('CONFLICT', 'The recipient has no phone number to text a code to');
}
