import { RecipientIdentityResponse, Type, validateSchema, type Static } from '@signet/contracts';
import { AppError, callInternal } from '@signet/http';

/** One recipient's identity record as the validation part answers it: consent and both checks, never an image. */
export const RecipientIdentity = Type.Omit(RecipientIdentityResponse, ['request_id']);
export type RecipientIdentity = Static<typeof RecipientIdentity>;

/** `POST /internal/identity/evidence`'s answer: every recipient of the envelope with an identity record. */
export const EnvelopeIdentity = Type.Object({ recipients: Type.Array(RecipientIdentity) });
export type EnvelopeIdentity = Static<typeof EnvelopeIdentity>;

/**
 * An envelope's identity records, asked of the validation part with the envelope's tenant and the API key
 * that made it. Throws when the part cannot be reached or answers something else: a sheet is never
 * rendered without the records it should show.
 */
export type LoadIdentity = (input: { envelopeId: string; tenantId: string; apiKeyId: string | null }) => Promise<EnvelopeIdentity>;

/** Asks the validation part, which owns the identity checks (one way: it calls no other part). */
export function validationIdentityClient(baseUrl: () => string, secret: string): LoadIdentity {
  return async ({ envelopeId, tenantId, apiKeyId }) => {
    const answer = await callInternal<unknown>({
      baseUrl: baseUrl(),
      method: 'POST',
      path: '/internal/identity/evidence',
      context: { requestId: 'evidence-identity', tenantId, apiKeyId: apiKeyId ?? '', plan: '' },
      secret,
      body: { envelope_id: envelopeId },
      timeoutMs: 30_000
    });
    const checked = validateSchema(EnvelopeIdentity, answer);
    if (!checked.valid) {
      throw new AppError('SERVICE_UNAVAILABLE', `The validation part answered identity records the evidence sheet cannot read (${checked.details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')})`);
    }
    return checked.value;
  };
}
