import type { Request } from 'express';

/** Answers kept for Idempotency-Key replays are JSON; a larger answer goes on to the client and is not kept. */
export const MAX_KEPT_ANSWER_BYTES = 1024 * 1024;
/** The answer headers a replay repeats; the rest describe one exchange (dates, lengths, request ids). */
const KEPT_ANSWER_HEADERS = ['content-type', 'location'];

/** The headers of an answer a replay repeats, read with `header` (a service's answer, or the gateway's own). */
export function keptHeaders(header: (name: string) => unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_ANSWER_HEADERS) {
    const value = header(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Whether the request carries a body (announced by its length or a chunked transfer). */
export function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
