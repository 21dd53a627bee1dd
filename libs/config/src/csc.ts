import { ConfigError } from './config-error';
import type { ConfigValues } from './variables';

/** A remote signing service speaking the Cloud Signature Consortium API v2, and Signet's OAuth2 client there. */
export interface CscConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** SIGNET_CSC_*: all three of URL, client id and secret, or none; a missing one is a ConfigError naming it. */
export function readCsc(values: ConfigValues): CscConfig | null {
  const { SIGNET_CSC_URL: baseUrl, SIGNET_CSC_CLIENT_ID: clientId, SIGNET_CSC_CLIENT_SECRET: clientSecret } = values;
  if (baseUrl === undefined && clientId === undefined && clientSecret === undefined) return null;
  if (baseUrl === undefined) throw new ConfigError('SIGNET_CSC_URL', 'is required with SIGNET_CSC_CLIENT_ID and SIGNET_CSC_CLIENT_SECRET');
  if (clientId === undefined) throw new ConfigError('SIGNET_CSC_CLIENT_ID', 'is required with SIGNET_CSC_URL');
  if (clientSecret === undefined) throw new ConfigError('SIGNET_CSC_CLIENT_SECRET', 'is required with SIGNET_CSC_URL');
  // The client secret and each signer's OTP travel to this URL.
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) throw new ConfigError('SIGNET_CSC_URL', 'must be https (http only on loopback, for tests)', baseUrl);
  return { baseUrl, clientId, clientSecret, timeoutMs: values.SIGNET_CSC_TIMEOUT_MS };
}
