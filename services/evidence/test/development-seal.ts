import { createDevelopmentPki, sealPdf, signerOf } from '@signet/signed-pdf';
import type { SealPdf } from '../src/seal-client';

/** A real seal with a development CA made for the test, in place of the envelope service's. */
export async function developmentSeal(): Promise<SealPdf> {
  const pki = await createDevelopmentPki({ crlUrl: 'http://127.0.0.1:9/crl', now: new Date() });
  const signer = signerOf(pki.seal, [pki.ca.certificate]);
  return async (pdf) => Buffer.from(await sealPdf(pdf, { signer, reason: 'Evidence sheet' }));
}
