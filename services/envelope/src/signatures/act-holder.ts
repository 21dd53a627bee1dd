import type { ActHolder } from '@signet/signed-pdf';
import type { RecipientRow } from '../model';
import type { ValidationGate } from '../validation-client';

/**
 * Who acted, as their certificate names them: name and email from the envelope, the phone only when a
 * code sent to it was verified, and what identity checks established.
 */
export function actHolder(recipient: RecipientRow, gate: ValidationGate): ActHolder {
  const { email, sms, id_check: idCheck, biometric } = gate.channels;
  const outcomes = [
    idCheck.required && idCheck.verified ? 'identity document verified' : null,
    biometric.required && biometric.verified ? 'selfie matched to the document' : null,
    email.required && email.verified ? 'email code verified' : null
  ].filter((outcome): outcome is string => outcome !== null);
  return {
    name: recipient.name,
    email: recipient.email,
    recipientId: recipient.id,
    verifiedPhone: sms.required && sms.verified ? recipient.phone : null,
    identityOutcome: outcomes.length > 0 ? outcomes.join('; ') : null
  };
}
