import type { Writable } from 'node:stream';
import type { Response } from 'express';
import type { StoredResponse } from './idempotency-store';

/**
 * How a request that holds an Idempotency-Key sees its own traffic through the proxy: the request body
 * is piped to `body` as well as to the service, and the service's whole answer is handed to `answered`
 * before the client gets it, so the answer is kept before anyone can retry.
 */
export interface ProxyTap {
  body: Writable;
  answered(response: StoredResponse): Promise<void>;
}

export function setProxyTap(res: Response, tap: ProxyTap): void {
  res.locals.proxyTap = tap;
}

export function proxyTapOf(res: Response): ProxyTap | undefined {
  return res.locals.proxyTap as ProxyTap | undefined;
}
