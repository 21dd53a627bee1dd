import type { Logger } from '@signet/log';
import { type FetchPublicImage, PUBLIC_IMAGE_MAX_BYTES, publicImageFetcher } from '@signet/outbound';
import { checkSignatureBackground } from '@signet/signed-pdf';

export type FetchBackground = FetchPublicImage;

/** `signature.bg_image` as bytes ready for stamping, or null when there is none or it cannot be used. */
export type LoadSignatureBackground = (url: string | null | undefined, envelopeId: string) => Promise<Uint8Array | null>;

export const BACKGROUND_MAX_BYTES = PUBLIC_IMAGE_MAX_BYTES;

/** Backgrounds come from public https servers only, by the rules every fetched image follows. */
export function fetchBackgroundFromPublicUrl(): FetchBackground {
  return publicImageFetcher('signature backgrounds');
}

/**
 * Fetches `signature.bg_image` (once per completion: the caller holds on to the result for every
 * document). Any failure, a refused address, a timeout, too many bytes, an error status, bytes that are
 * not a readable PNG or JPEG, leaves the background out with a warning: it never fails the completion.
 */
export function createSignatureBackgroundLoader(deps: { fetch: FetchBackground; log: Logger }): LoadSignatureBackground {
  return async (url, envelopeId) => {
    const value = typeof url === 'string' ? url.trim() : '';
    if (value === '') return null;
    try {
      if (!/^https:/i.test(value)) throw new Error('not an https URL');
      const { bytes } = await deps.fetch(value);
      if (bytes.length > BACKGROUND_MAX_BYTES) throw new Error(`larger than ${BACKGROUND_MAX_BYTES} bytes`);
      await checkSignatureBackground(bytes);
      return bytes;
    } catch (error) {
      deps.log.warn(
        { envelope_id: envelopeId, bg_image: value.slice(0, 500), reason: (error as Error).message },
        'signature background left out of the signed PDFs'
      );
      return null;
    }
  };
}
