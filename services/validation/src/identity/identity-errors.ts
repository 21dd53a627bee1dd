import { IdentityInputError } from '@signet/identity';
import { AppError, validationError } from '@signet/http';

/**
 * The verifier's refusal of malformed input is the caller's 422 on the field that carried it, and counts
 * no attempt; any other failure of the verifier (a worker that died or ran out of time) is Signet's, a 503
 * to try again, never a verdict.
 */
export async function verifying<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof IdentityInputError) throw validationError([{ field, message: error.message }], error.message);
    if (error instanceof AppError) throw error;
    throw new AppError('OVERLOADED', 'The identity verifier could not finish: try again in a moment', undefined, { 'retry-after': '5' });
  }
}
