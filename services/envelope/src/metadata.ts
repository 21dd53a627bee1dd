import { METADATA_LIMITS, type EnvelopeMetadataInput } from '@signet/contracts';
import { AppError } from '@signet/http';

/**
 * Metadata sent on create or update: each key sent takes its value, an empty value removes the key, keys
 * not sent stay. The merged result is held to the same key count as one request.
 */
export function mergeMetadata(current: Record<string, string>, sent: EnvelopeMetadataInput | undefined): Record<string, string> {
  const merged: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(sent ?? {})) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > METADATA_LIMITS.keys) {
    throw new AppError('VALIDATION_FAILED', 'Invalid input', [{ field: 'metadata', message: `an envelope keeps at most ${METADATA_LIMITS.keys} metadata keys` }]);
  }
  return merged;
}
