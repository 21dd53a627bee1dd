import { AppError, FieldError } from './app-error';
import { signInternalHeaders } from './internal-auth';
import type { RequestContext } from './request-context';

export interface InternalCall {
  baseUrl: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  context: RequestContext;
  secret: string;
  body?: unknown;
  timeoutMs?: number;
}

interface ErrorBody {
  error?: string;
  code?: string;
  details?: FieldError[];
}

/**
 * A signed JSON call to another part. A 4xx answer comes back as the same AppError (a 422's field details
 * included), so a caller can pass it on to its own client; anything else is SERVICE_UNAVAILABLE.
 */
export async function callInternal<T>(call: InternalCall): Promise<T> {
  const headers: Record<string, string> = signInternalHeaders(call.secret, call.method, call.path, call.context);
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${call.baseUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs ?? 10_000)
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `A part Signet needs did not answer (${call.method} ${call.path})`);
  }
  const body = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (response.ok) return body;
  if (response.status === 404) throw new AppError('NOT_FOUND', body.error ?? 'Not found');
  if (response.status === 422) throw new AppError('VALIDATION_FAILED', body.error ?? 'Invalid input', body.details);
  throw new AppError('SERVICE_UNAVAILABLE', `A part Signet needs answered ${response.status} (${call.method} ${call.path})`);
}
