import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';

/**
 * Stripe's wire format as the stand-in (stripe-identity-stand-in.ts) speaks it: its form encoding, its
 * parameter checks and error shape, and its webhook signature.
 */

export const DEFAULT_API_VERSION = '2026-10-28.endive';

export const DOCUMENT_TYPES: readonly string[] = ['passport', 'id_card', 'driving_license'];

/** What a session may be retrieved with: the paths Stripe documents for Identity's results. */
const EXPANDABLE = new Set([
  'verified_outputs',
  'verified_outputs.dob',
  'last_verification_report',
  'last_verification_report.document.number',
  'last_verification_report.document.expiration_date',
  'last_verification_report.document.dob'
]);

export const REDACTED = '[redacted]';

export class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string }
  ) {
    super(body.message);
  }
}

export const invalid = (message: string, param?: string, code?: string): StripeFault =>
  new StripeFault(400, { type: 'invalid_request_error', message, ...(param === undefined ? {} : { param }), ...(code === undefined ? {} : { code }) });

export const missing = (id: string): StripeFault =>
  new StripeFault(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such verification session: '${id}'` });

export const randomId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Stripe's form encoding (`a[b][0]=x`) read back into objects and arrays. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    if (path.some((part) => UNSAFE_KEYS.has(part))) throw invalid(`Invalid parameter name: ${key}`, key);
    let node = root;
    path.forEach((part, index) => {
      const slot = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        node[slot] = value;
        return;
      }
      const next = node[slot];
      if (typeof next !== 'object' || next === null) node[slot] = {};
      node = node[slot] as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 become arrays, as Stripe reads `a[0]=x&a[1]=y`. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arrays(inner)] as const);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (!indexed) return Object.fromEntries(entries);
  const sorted = entries.map(([key, inner]) => [Number(key), inner] as const).sort((a, b) => a[0] - b[0]);
  return sorted.every(([key], index) => key === index) ? sorted.map(([, inner]) => inner) : Object.fromEntries(entries);
}

export function booleanParam(value: unknown, param: string): boolean {
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(`Invalid boolean: ${String(value)}`, param);
}

export function onlyKnown(object: Record<string, unknown>, known: readonly string[], prefix: string): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) throw invalid(`Received unknown parameter: ${prefix}${key}`, `${prefix}${key}`);
  }
}

export function expansionsOf(query: Record<string, unknown>): Set<string> {
  const expand = query.expand;
  if (expand === undefined) return new Set();
  if (!Array.isArray(expand) || !expand.every((path) => typeof path === 'string')) throw invalid('Invalid array', 'expand');
  for (const path of expand) if (!EXPANDABLE.has(path)) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
  return new Set(expand as string[]);
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function isLoopbackUrl(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

/** `Stripe-Signature` as Stripe writes it: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload" under the secret>`. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
