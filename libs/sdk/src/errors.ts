import type { components } from './generated/openapi';

export type ErrorBody = components['schemas']['ErrorBody'];

/** An error answer of Signet: `code` for programs (docs/errors.md), `details` per invalid field, `request_id` for support. */
export class SignetError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorBody['details'];
  readonly requestId: string | null;
  /** Seconds to wait before retrying (429), from `Retry-After`. */
  readonly retryAfter: number | null;

  constructor(status: number, body: Partial<ErrorBody> | undefined, headers?: Headers) {
    super(body?.error ?? `Signet answered ${status}`);
    this.name = 'SignetError';
    this.status = status;
    this.code = body?.code ?? 'UNKNOWN';
    this.details = body?.details;
    this.requestId = body?.request_id ?? headers?.get('x-request-id') ?? null;
    const retryAfter = headers?.get('retry-after');
    this.retryAfter = retryAfter ? Number(retryAfter) : null;
  }
}

/** openapi-fetch's `{data, error, response}` as the data, or a thrown SignetError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw new SignetError(result.response.status, result.error as Partial<ErrorBody> | undefined, result.response.headers);
}
