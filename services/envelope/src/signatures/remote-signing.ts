import type { SignetConfig } from '@signet/config';
import { AppError } from '@signet/http';
import { createCscClient, cscSigner, RemoteSigningRefused, RemoteSigningUnavailable, type Signer } from '@signet/signed-pdf';

/** A signer's key at the signing provider, for one act: their user id there and the code that authorizes it. */
export type RemoteSigning = (input: { userId: string; otp: string }) => Promise<Signer>;

/**
 * The CSC API v2 provider of SIGNET_CSC_URL, or null. Its refusals (a wrong code, no credential for the
 * signer) become 422 SIGNATURE_PROVIDER_REFUSED with the provider's words, its outages 503
 * SIGNATURE_PROVIDER_UNAVAILABLE, both before anything is recorded, whenever they happen: listing the
 * credentials or signing.
 */
export function remoteSigningFromConfig(config: SignetConfig): RemoteSigning | null {
  if (!config.csc) return null;
  const client = createCscClient(config.csc);
  return async (input) => {
    const signer = await providerCall(() => cscSigner(client, input));
    return { ...signer, sign: (data) => providerCall(() => signer.sign(data)) };
  };
}

async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Refused Signet's own client credentials: the provider's setup is wrong, not the signer's code.
    if (error instanceof RemoteSigningRefused && error.step === 'token') {
      throw new AppError('SIGNATURE_PROVIDER_UNAVAILABLE', `The signing provider refused this Signet's client credentials (SIGNET_CSC_CLIENT_ID): ${error.message}`);
    }
    if (error instanceof RemoteSigningRefused) {
      throw new AppError('SIGNATURE_PROVIDER_REFUSED', `The signing provider refused the signature: ${error.message}`, [{ field: 'otp', message: error.message }]);
    }
    if (error instanceof RemoteSigningUnavailable) throw new AppError('SIGNATURE_PROVIDER_UNAVAILABLE', `The signing provider did not answer: ${error.message}`);
    throw error;
  }
}
