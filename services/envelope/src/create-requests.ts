import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '@signet/http';

/** As long as the gateway keeps an Idempotency-Key's answer (24 hours). */
export const CREATE_REQUEST_TTL_MS = 24 * 3_600_000;

/** A create's Idempotency-Key with what it asked for, so a retry is told apart from another request. */
export interface CreateRequestKey {
  key: string;
  fingerprint: string;
}

/** The key the gateway forwarded (it checked its shape), and a fingerprint of the checked input. */
export function createRequestKeyOf(key: string | undefined, input: unknown): CreateRequestKey | null {
  if (key === undefined || key === '') return null;
  return { key, fingerprint: createHash('sha256').update(JSON.stringify(input)).digest('hex') };
}

/** Thrown inside the create's transaction when its key already made an envelope: nothing is stored. */
export class EarlierCreate extends Error {
  constructor(readonly envelopeId: string, readonly fingerprint: string) {
    super('This Idempotency-Key already created an envelope');
  }
}

/**
 * Records the key with the new envelope in the create's transaction, or throws EarlierCreate when a
 * create with it committed in the last 24 hours (a concurrent one waits here for that one to end).
 */
export async function recordCreateRequest(trx: Knex.Transaction, apiKeyId: string, requestKey: CreateRequestKey, envelopeId: string, now: Date): Promise<void> {
  const expiredBefore = new Date(now.getTime() - CREATE_REQUEST_TTL_MS);
  const claimed = await trx.raw(
    `INSERT INTO create_requests (api_key_id, idempotency_key, fingerprint, envelope_id, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
       SET fingerprint = excluded.fingerprint, envelope_id = excluded.envelope_id, created_at = excluded.created_at
       WHERE create_requests.created_at <= ?
     RETURNING envelope_id`,
    [apiKeyId, requestKey.key, requestKey.fingerprint, envelopeId, now, expiredBefore]
  );
  if (claimed.rows.length > 0) return;
  const earlier = await trx('create_requests').where({ api_key_id: apiKeyId, idempotency_key: requestKey.key }).first('envelope_id', 'fingerprint');
  throw new EarlierCreate(earlier.envelope_id, earlier.fingerprint);
}

/** The envelope an earlier create with this key made, if it asked for the same thing; else 422. */
export function checkSameRequest(earlier: EarlierCreate, requestKey: CreateRequestKey): string {
  if (earlier.fingerprint !== requestKey.fingerprint) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');
  }
  return earlier.envelopeId;
}

export function pruneCreateRequests(db: Knex, now: Date): Promise<number> {
  return db('create_requests').where('created_at', '<=', new Date(now.getTime() - CREATE_REQUEST_TTL_MS)).delete();
}
