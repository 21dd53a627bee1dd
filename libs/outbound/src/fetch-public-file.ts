import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { AddressPolicy, ipLiteralOf } from './address-policy';
import { guardedLookup, RefusedAddressError, Resolve, systemResolve } from './guarded-lookup';

export interface FetchPublicFileOptions {
  policy: AddressPolicy;
  /** The whole exchange, from connecting to the last byte. */
  timeoutMs: number;
  maxBytes: number;
  /** Certificates to trust instead of the system's (tests with a self-signed one). */
  ca?: string | Buffer;
  resolve?: Resolve;
}

export interface PublicFile {
  /** As the server declared it: a hint only, the bytes are what they are. */
  contentType: string | null;
  bytes: Buffer;
}

function httpsUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('not a URL');
  }
  if (url.protocol !== 'https:') throw new Error(`only https URLs are fetched, not ${url.protocol}`);
  return url;
}

/** The answer's body when it is a 2xx within `maxBytes`; an error for anything else. */
function readBody(response: IncomingMessage, maxBytes: number, done: (error: Error | null, bytes?: Buffer) => void): void {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) return done(new Error(`redirect not followed: the server answered ${status}`));
  if (status < 200 || status >= 300) return done(new Error(`the server answered ${status}`));
  const tooLarge = () => new Error(`larger than ${maxBytes} bytes`);
  if (Number(response.headers['content-length']) > maxBytes) return done(tooLarge());
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) return done(tooLarge());
    chunks.push(chunk);
  });
  response.on('end', () => done(null, Buffer.concat(chunks)));
  response.on('error', (error) => done(error));
}

/**
 * GETs a file from a public https server: only to addresses the policy allows (IP literals checked here,
 * names at connect time by the guarded lookup), no redirects followed (they could lead anywhere), no
 * connection reused, the whole exchange bounded by `timeoutMs` and the body by `maxBytes`.
 */
export function fetchPublicFile(value: string, options: FetchPublicFileOptions): Promise<PublicFile> {
  return new Promise<PublicFile>((resolve, reject) => {
    const url = httpsUrl(value);
    // Node connects to an IP literal without calling lookup, so literals are checked here.
    const literal = ipLiteralOf(url.hostname);
    const refusal = literal === null ? null : options.policy.refusal(literal);
    if (refusal) throw new RefusedAddressError(`refused: ${literal} is ${refusal}`);

    let settled = false;
    const request = https.get(url, {
      agent: false,
      lookup: guardedLookup(options.policy, options.resolve ?? systemResolve),
      ...(options.ca === undefined ? {} : { ca: options.ca })
    });
    const finish = (error: Error | null, bytes?: Buffer, response?: IncomingMessage): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      if (error) reject(error);
      else resolve({ contentType: response?.headers['content-type'] ?? null, bytes: bytes as Buffer });
    };
    const timer = setTimeout(() => finish(new Error(`timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('error', (error) => finish(error));
    request.on('response', (response) => readBody(response, options.maxBytes, (error, bytes) => finish(error, bytes, response)));
  });
}
