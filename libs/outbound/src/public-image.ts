import { addressPolicy } from './address-policy';
import { fetchPublicFile, type PublicFile } from './fetch-public-file';

/**
 * Images Signet draws from integrators' URLs (logos, signature backgrounds): meant to be 100x50 pixels,
 * so 5 s in all and 1 MiB are plenty, and a slow or huge one is not worth waiting for.
 */
export const PUBLIC_IMAGE_TIMEOUT_MS = 5000;
export const PUBLIC_IMAGE_MAX_BYTES = 1024 * 1024;

export type FetchPublicImage = (url: string) => Promise<PublicFile>;

/** Fetches such images from public https servers only: never loopback, private or cloud-metadata addresses. */
export function publicImageFetcher(purpose: string): FetchPublicImage {
  const policy = addressPolicy({ allowLoopback: false, purpose });
  return (url) => fetchPublicFile(url, { policy, timeoutMs: PUBLIC_IMAGE_TIMEOUT_MS, maxBytes: PUBLIC_IMAGE_MAX_BYTES });
}
