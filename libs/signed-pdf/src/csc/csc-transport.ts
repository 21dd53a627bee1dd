import { type CscStep, RemoteSigningRefused, RemoteSigningUnavailable } from './remote-signing-errors';

/** The largest answer read from the signing service: a credential's chain of ten certificates fits many times. */
export const MAX_ANSWER_BYTES = 256 * 1024;
/** A token without `expires_in` is used this long. */
const DEFAULT_TOKEN_SECONDS = 300;
/** A token is replaced this long before it expires (or a tenth of its life, if shorter), so no call carries one that lapses in flight. */
const TOKEN_MARGIN_MS = 60_000;
/** Longest error_description kept from the provider: it ends up in logs and answers. */
const MAX_DESCRIPTION = 500;

export interface CscTransportOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  fetch: typeof fetch;
  now: () => number;
}

export type JsonObject = Record<string, unknown>;

/** Calls the CSC API's methods with a bearer token from the OAuth2 client-credentials grant, kept until shortly before it expires. */
export interface CscTransport {
  call(step: CscStep, method: string, body: JsonObject): Promise<JsonObject>;
}

export function cscTransport(options: CscTransportOptions): CscTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  let token: { value: string; refreshAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret });
    const answer = await exchange(options, 'token', `${base}/oauth2/token`, {
      'content-type': 'application/x-www-form-urlencoded'
    }, form.toString());
    const accessToken = answer.access_token;
    if (typeof accessToken !== 'string' || accessToken === '' || accessToken.length > 8192) {
      throw new RemoteSigningUnavailable('token', 'the token answer has no access_token');
    }
    if (answer.token_type !== undefined && String(answer.token_type).toLowerCase() !== 'bearer') {
      throw new RemoteSigningUnavailable('token', `the token is of type ${String(answer.token_type)}, not Bearer`);
    }
    const seconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_TOKEN_SECONDS;
    const lifetimeMs = seconds * 1000;
    token = { value: accessToken, refreshAt: options.now() + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 10) };
    return accessToken;
  }

  /** The cached token, or a new one; calls made while one is being asked for share that request. */
  function accessToken(): Promise<string> {
    if (token !== null && options.now() < token.refreshAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  return {
    async call(step, method, body) {
      const bearer = await accessToken();
      try {
        return await exchange(options, step, `${base}/csc/v2/${method}`, {
          'content-type': 'application/json',
          authorization: `Bearer ${bearer}`
        }, JSON.stringify(body));
      } catch (error) {
        // A token the provider no longer accepts (revoked, its clock ahead of ours) is not used again.
        if (error instanceof RemoteSigningRefused && error.status === 401 && token?.value === bearer) token = null;
        throw error;
      }
    }
  };
}

/** One POST: its answer's JSON object on a 2xx, else the provider's refusal (4xx) or its unavailability. */
async function exchange(options: CscTransportOptions, step: CscStep, url: string, headers: Record<string, string>, body: string): Promise<JsonObject> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await options.fetch(url, { method: 'POST', headers: { ...headers, accept: 'application/json' }, body, redirect: 'error', signal });
    status = response.status;
    text = await boundedText(response);
  } catch (error) {
    const reason = error instanceof AnswerTooLarge ? error.message : signal.aborted ? `no answer within ${options.timeoutMs} ms` : networkReason(error);
    throw new RemoteSigningUnavailable(step, reason);
  }
  const json = parseJson(text);
  if (status >= 200 && status < 300) {
    if (json === null) throw new RemoteSigningUnavailable(step, 'the answer is not a JSON object', status);
    return json;
  }
  const error = typeof json?.error === 'string' && json.error !== '' ? json.error.slice(0, 100) : null;
  const description = typeof json?.error_description === 'string' ? json.error_description.slice(0, MAX_DESCRIPTION) : null;
  if (status >= 400 && status < 500 && status !== 429) throw new RemoteSigningRefused(step, error ?? `http_${status}`, description, status);
  throw new RemoteSigningUnavailable(step, `HTTP ${status}${error === null ? '' : ` ${error}`}${description === null ? '' : ` (${description})`}`, status);
}

class AnswerTooLarge extends Error {
  constructor() {
    super(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
  }
}

/** The body as text, refused past MAX_ANSWER_BYTES without reading the rest. */
async function boundedText(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length')) > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new AnswerTooLarge();
  }
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

/** fetch's TypeError says only "fetch failed"; the system error (ECONNREFUSED, ENOTFOUND) is its cause. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
