import { EnvelopeSignaturesResponse, type Static, Type, validateSchema } from '@signet/contracts';
import { AppError, callInternal } from '@signet/http';

/** Every signature of each signed document of an envelope, as the envelope part judged them. */
export const EnvelopeSignatures = Type.Omit(EnvelopeSignaturesResponse, ['request_id']);
export type EnvelopeSignatures = Static<typeof EnvelopeSignatures>;

/**
 * An envelope's signatures, asked of the envelope part with the envelope's tenant and the API key that
 * made it. Throws when the part cannot be reached or answers something else: a sheet is never rendered
 * without the signatures it should list.
 */
export type LoadSignatures = (input: { envelopeId: string; tenantId: string; apiKeyId: string | null }) => Promise<EnvelopeSignatures>;

/** Asks the envelope service, which holds the signed documents and the trust anchors (GET /internal/envelopes/:id/signatures). */
export function envelopeSignaturesClient(baseUrl: () => string, secret: string): LoadSignatures {
  return async ({ envelopeId, tenantId, apiKeyId }) => {
    const answer = await callInternal<unknown>({
      baseUrl: baseUrl(),
      method: 'GET',
      path: `/internal/envelopes/${encodeURIComponent(envelopeId)}/signatures`,
      context: { requestId: 'evidence-signatures', tenantId, apiKeyId: apiKeyId ?? '', plan: '' },
      secret,
      timeoutMs: 60_000
    });
    const checked = validateSchema(EnvelopeSignaturesResponse, answer);
    if (!checked.valid) {
      throw new AppError('SERVICE_UNAVAILABLE', `The envelope part answered signatures the evidence sheet cannot read (${checked.details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')})`);
    }
    const { request_id: _requestId, ...signatures } = checked.value;
    return signatures;
  };
}
