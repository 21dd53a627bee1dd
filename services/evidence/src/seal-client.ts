import { callInternal } from '@signet/http';

/** Seals a PDF with the service's seal: the evidence sheet is sealed like the signed documents. */
export type SealPdf = (pdf: Buffer, tenantId: string) => Promise<Buffer>;

/** Asks the envelope service, which holds the seal keys (POST /internal/seal). */
export function envelopeSealClient(baseUrl: () => string, secret: string): SealPdf {
  return async (pdf, tenantId) => {
    const answer = await callInternal<{ pdf: string }>({
      baseUrl: baseUrl(),
      method: 'POST',
      path: '/internal/seal',
      context: { requestId: 'evidence-seal', tenantId, apiKeyId: '', plan: '' },
      secret,
      body: { pdf: pdf.toString('base64'), reason: 'Evidence sheet' },
      timeoutMs: 60_000
    });
    return Buffer.from(answer.pdf, 'base64');
  };
}
