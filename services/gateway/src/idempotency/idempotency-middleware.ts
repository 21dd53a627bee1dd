import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@signet/http';
import type { Logger } from '@signet/log';
import type { Clock } from '@signet/service';
import { authenticatedKey } from '../api-keys/authenticate';
import { bodyFingerprint } from './body-fingerprint';
import { IDEMPOTENCY_LEASE_MS, IdempotencyStore, StoredResponse } from './idempotency-store';
import { setProxyTap } from './proxy-tap';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
const CLAIM_ATTEMPTS = 3;

/** Answers a retry gets again: anything but a server fault or a rate limit, which a retry may cure. */
function keepable(status: number): boolean {
  return status < 500 && status !== 429;
}

function readKey(req: Request): string | null {
  const value = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid Idempotency-Key', [{ field: 'Idempotency-Key', message: `must be 1-${MAX_KEY_LENGTH} printable ASCII characters` }]);
  }
  return key;
}

function replay(res: Response, response: StoredResponse): void {
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.setHeader('Idempotent-Replayed', 'true');
  res.end(response.body);
}

function reused(): AppError {
  return new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');
}

/**
 * `Idempotency-Key` on POST and PUT (as in the IETF httpapi idempotency-key draft): the first request
 * with a key runs and its answer is kept 24 hours; the same request again gets that answer replayed with
 * `Idempotent-Replayed: true`; another request with the key is 422; the same key while the first runs is 409.
 */
export function idempotency(store: IdempotencyStore, clock: Clock, log: Logger) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = readKey(req);
    if (key === null) {
      next();
      return;
    }
    const apiKeyId = authenticatedKey(res).id;
    const path = req.originalUrl;
    const owner = randomUUID();
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      if (await store.claim({ apiKeyId, key, method: req.method, path, owner, now: clock() })) {
        holdWhileRunning(req, res, { store, clock, log, apiKeyId, key, owner });
        next();
        return;
      }
      const record = await store.find(apiKeyId, key);
      if (!record) continue;
      if (record.method !== req.method || record.path !== path) throw reused();
      if (record.state === 'RUNNING' || !record.response) {
        throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running', undefined, { 'Retry-After': '1' });
      }
      const fingerprint = bodyFingerprint(req.method, path, req.headers['content-type']);
      req.pipe(fingerprint.sink);
      if ((await fingerprint.done) !== record.fingerprint) throw reused();
      replay(res, record.response);
      return;
    }
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running', undefined, { 'Retry-After': '1' });
  };
}

interface Holding {
  store: IdempotencyStore;
  clock: Clock;
  log: Logger;
  apiKeyId: string;
  key: string;
  owner: string;
}

/**
 * While the first request runs: renew its lease, fingerprint its body on the way through, keep its
 * answer; if it ends any other way (a 5xx, a 429, the client gone, no answer at all) let the key go.
 */
function holdWhileRunning(req: Request, res: Response, holding: Holding): void {
  const { store, clock, log, apiKeyId, key, owner } = holding;
  const fingerprint = bodyFingerprint(req.method, req.originalUrl, req.headers['content-type']);
  let kept = false;
  const renewal = setInterval(() => {
    store.renew(apiKeyId, key, owner, clock()).catch((error: unknown) => log.warn({ err: error }, 'renewing an idempotency lease failed'));
  }, IDEMPOTENCY_LEASE_MS / 3);
  renewal.unref();
  setProxyTap(res, {
    body: fingerprint.sink,
    async answered(response) {
      if (!keepable(response.status) || !req.complete) return;
      const value = await fingerprint.done.catch(() => null);
      if (value === null) return;
      try {
        await store.complete(apiKeyId, key, owner, value, response);
        kept = true;
      } catch (error) {
        log.warn({ err: error }, 'keeping an idempotent answer failed; the key is released');
      }
    }
  });
  res.on('close', () => {
    clearInterval(renewal);
    if (kept) return;
    store.release(apiKeyId, key, owner).catch((error: unknown) => log.warn({ err: error }, 'releasing an idempotency key failed'));
  });
}
