import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { AddressPolicy, guardedLookup, ipLiteralOf, Resolve } from '@signet/outbound';

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What one attempt came to: a 2xx within the time limit is `ok`, anything else has an `error`. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** The start of the receiver's answer, for the delivery log; the rest is never read. */
  responseBody: string | null;
  /** The first of the answer's headers, for the delivery log; null when no answer came. */
  responseHeaders: Record<string, string> | null;
  durationMs: number;
}

export interface PostWebhookOptions {
  policy: AddressPolicy;
  resolve: Resolve;
  timeoutMs: number;
  maxPayloadBytes: number;
}

export type PostWebhook = (request: WebhookRequest) => Promise<AttemptOutcome>;

const RESPONSE_BODY_BYTES = 1024;
const ERROR_CHARS = 500;
/** How much of the answer's headers the log keeps: enough to tell a proxy's answer from the receiver's. */
const RESPONSE_HEADERS = 20;
const RESPONSE_HEADER_CHARS = 256;

/** Every header a delivery's request carries: the caller's, and the body's type and length. */
export function requestHeadersOf(request: WebhookRequest): Record<string, string> {
  return { ...request.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(request.body)) };
}

/** The answer's first headers, repeated ones joined as HTTP joins them, each value cut short. */
function responseHeadersOf(response: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(response.headers).slice(0, RESPONSE_HEADERS).map(([name, value]) =>
    [name, (Array.isArray(value) ? value.join(', ') : String(value ?? '')).slice(0, RESPONSE_HEADER_CHARS)]));
}

function errorFor(response: IncomingMessage): string | null {
  const status = response.statusCode ?? 0;
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `redirect not followed: the receiver answered ${status}${response.headers.location ? ` to ${response.headers.location}` : ''}`;
  return `the receiver answered ${status}`;
}

/**
 * POSTs one delivery: only to addresses the policy allows (IP literals checked here, names at connect
 * time by the guarded lookup), no redirects followed, no connection reused, the whole exchange bounded
 * by `timeoutMs`, and no more of the answer read than the log keeps.
 */
export function postWebhook(options: PostWebhookOptions): PostWebhook {
  const lookup = guardedLookup(options.policy, options.resolve);

  return (request) => new Promise<AttemptOutcome>((resolve) => {
    const started = performance.now();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs' | 'ok' | 'responseHeaders'> & { responseHeaders?: Record<string, string> }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const error = outcome.error?.slice(0, ERROR_CHARS) ?? null;
      resolve({ ...outcome, responseHeaders: outcome.responseHeaders ?? null, error, ok: error === null, durationMs: Math.round(performance.now() - started) });
    };

    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      finish({ statusCode: null, error: 'the webhook url is not a URL', responseBody: null });
      return;
    }
    // Node connects to an IP literal without calling lookup, so literals are checked here.
    const literal = ipLiteralOf(url.hostname);
    const refusal = literal === null ? null : options.policy.refusal(literal);
    if (refusal) {
      finish({ statusCode: null, error: `refused: ${literal} is ${refusal}`, responseBody: null });
      return;
    }
    const length = Buffer.byteLength(request.body);
    if (length > options.maxPayloadBytes) {
      finish({ statusCode: null, error: `the event is ${length} bytes, more than WEBHOOK_MAX_PAYLOAD_BYTES (${options.maxPayloadBytes})`, responseBody: null });
      return;
    }

    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, {
      method: 'POST',
      agent: false,
      lookup,
      headers: requestHeadersOf(request)
    });
    let response: IncomingMessage | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    // Once the receiver has answered, its status decides: a 2xx whose body trickles in is still delivered.
    const answered = (): void => {
      const answer = response as IncomingMessage;
      finish({ statusCode: answer.statusCode ?? null, error: errorFor(answer), responseBody: Buffer.concat(chunks).toString('utf8') || null, responseHeaders: responseHeadersOf(answer) });
      outgoing.destroy();
    };
    timer = setTimeout(() => {
      if (response) {
        answered();
        return;
      }
      finish({ statusCode: null, error: `timed out after ${options.timeoutMs} ms`, responseBody: null });
      outgoing.destroy();
    }, options.timeoutMs);

    outgoing.on('error', (error) => finish({ statusCode: null, error: error.message, responseBody: null }));
    outgoing.on('response', (answer) => {
      response = answer;
      answer.on('data', (chunk: Buffer) => {
        const room = RESPONSE_BODY_BYTES - size;
        chunks.push(chunk.subarray(0, room));
        size += Math.min(room, chunk.length);
        if (size >= RESPONSE_BODY_BYTES) answered();
      });
      answer.on('end', answered);
      answer.on('error', answered);
    });
    outgoing.end(request.body);
  });
}
