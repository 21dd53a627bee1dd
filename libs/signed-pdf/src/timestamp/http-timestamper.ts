import { timestampRequest, tokenOfResponse } from './timestamp-request';
import type { Timestamper } from './timestamper';

export interface HttpTimestamperOptions {
  /** Tried in order: the next one when a TSA fails (network error, error status, refusal, a bad token). */
  urls: string[];
  /** HTTP basic credentials, for TSAs that charge per token. */
  username?: string;
  password?: string;
  timeoutMs?: number;
}

/** An RFC 3161 client over HTTP (application/timestamp-query, RFC 3161 section 3.4). */
export function httpTimestamper(options: HttpTimestamperOptions): Timestamper {
  if (options.urls.length === 0) throw new Error('A TSA client needs at least one URL');
  const headers: Record<string, string> = { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' };
  if (options.username !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;
  }
  return {
    tokenSizeHint: 8192,
    async timestamp(data) {
      const request = timestampRequest(data);
      const failures: string[] = [];
      for (const url of options.urls) {
        try {
          const response = await fetch(url, {
            method: 'POST', headers, body: request.der, redirect: 'error', signal: AbortSignal.timeout(options.timeoutMs ?? 10_000)
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return tokenOfResponse(Buffer.from(await response.arrayBuffer()), request);
        } catch (error) {
          failures.push(`${new URL(url).host}: ${(error as Error).message}`);
        }
      }
      throw new Error(`No TSA gave a timestamp (${failures.join('; ')})`);
    }
  };
}
