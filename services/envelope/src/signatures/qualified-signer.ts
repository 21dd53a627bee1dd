import { AppError } from '@signet/http';
import type { Signer } from '@signet/signed-pdf';
import type { EnvelopeDeps } from '../envelope-deps';
import type { RecipientRow } from '../model';

/**
 * The recipient's credential at the signing provider (their email is their user id there), its
 * signatures authorized by the code the provider sent them. Without a provider, or without a code, the
 * act is refused before anything is recorded.
 */
export async function qualifiedSigner(deps: EnvelopeDeps, recipient: RecipientRow, otp: string | null): Promise<Signer> {
  if (!deps.remoteSigning) {
    throw new AppError('CONFLICT', 'This envelope asks for qualified signatures, but this Signet has no signing provider (SIGNET_CSC_URL)');
  }
  if (otp === null) {
    throw new AppError('VALIDATION_FAILED', 'A qualified signature needs the code your signing provider sent you', [{ field: 'otp', message: 'is required for a qualified signature' }]);
  }
  return deps.remoteSigning({ userId: recipient.email, otp });
}
