import { createHmac, timingSafeEqual } from 'node:crypto';
import { REQUEST_ID_HEADER } from './request-id';
import type { RequestContext } from './request-context';

export const INTERNAL_HEADERS = {
  tenantId: 'x-signet-tenant-id',
  apiKeyId: 'x-signet-api-key-id',
  plan: 'x-signet-plan',
  envelopeLimits: 'x-signet-envelope-limits',
  timestamp: 'x-signet-timestamp',
  signature: 'x-signet-signature'
} as const;

/** How far a signed call's timestamp may be from the receiver's clock before it is refused as a replay. */
const MAX_SKEW_SECONDS = 300;

type HeaderBag = Record<string, string | string[] | undefined>;

function signatureOf(secret: string, timestamp: string, method: string, url: string, context: RequestContext): string {
  const material = [timestamp, method.toUpperCase(), url, context.tenantId, context.apiKeyId, context.plan, context.requestId, context.envelopeLimits ?? ''].join('\n');
  return createHmac('sha256', secret).update(material).digest('hex');
}

/** Headers that prove to a service that the gateway (or a sibling service) vouches for this context. */
export function signInternalHeaders(secret: string, method: string, url: string, context: RequestContext, now = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [INTERNAL_HEADERS.tenantId]: context.tenantId,
    [INTERNAL_HEADERS.apiKeyId]: context.apiKeyId,
    [INTERNAL_HEADERS.plan]: context.plan,
    ...(context.envelopeLimits === undefined ? {} : { [INTERNAL_HEADERS.envelopeLimits]: context.envelopeLimits }),
    [REQUEST_ID_HEADER]: context.requestId,
    [INTERNAL_HEADERS.timestamp]: timestamp,
    [INTERNAL_HEADERS.signature]: signatureOf(secret, timestamp, method, url, context)
  };
}

function single(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The verified context, or null when the signature is missing, wrong or stale. */
export function verifyInternalHeaders(secret: string, method: string, url: string, headers: HeaderBag, now = new Date()): RequestContext | null {
  const timestamp = single(headers, INTERNAL_HEADERS.timestamp);
  const signature = single(headers, INTERNAL_HEADERS.signature);
  const context: RequestContext = {
    tenantId: single(headers, INTERNAL_HEADERS.tenantId) ?? '',
    apiKeyId: single(headers, INTERNAL_HEADERS.apiKeyId) ?? '',
    plan: single(headers, INTERNAL_HEADERS.plan) ?? '',
    requestId: single(headers, REQUEST_ID_HEADER) ?? ''
  };
  const envelopeLimits = single(headers, INTERNAL_HEADERS.envelopeLimits);
  if (envelopeLimits !== undefined) context.envelopeLimits = envelopeLimits;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return null;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return null;
  const expected = Buffer.from(signatureOf(secret, timestamp, method, url, context), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return context;
}

const HANDED_CONTEXT = Symbol('signet.handedContext');

/**
 * Hands a request to a part in this process with the gateway's context attached as an object: a key no
 * client can send (a symbol is not a header), so there is nothing to sign and nothing to check, unlike a
 * call that crossed a process boundary.
 */
export function handContext(req: object, context: RequestContext): void {
  (req as Record<symbol, RequestContext>)[HANDED_CONTEXT] = context;
}

/** The context the gateway handed over in this process (handContext), or undefined. */
export function handedContextOf(req: object): RequestContext | undefined {
  return (req as Record<symbol, RequestContext | undefined>)[HANDED_CONTEXT];
}
