import type { Knex } from 'knex';

/** How long a key is remembered: 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/**
 * How long a running request holds its key without showing it is alive. The gateway renews the lease
 * while the request runs; a replica that dies mid-request stops renewing, and a retry may take the key
 * over once the lease has run out.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface IdempotencyRecord {
  method: string;
  path: string;
  state: 'RUNNING' | 'DONE';
  fingerprint: string | null;
  response: StoredResponse | null;
}

export interface ClaimInput {
  apiKeyId: string;
  key: string;
  method: string;
  path: string;
  owner: string;
  now: Date;
}

interface Row {
  method: string;
  path: string;
  state: 'RUNNING' | 'DONE';
  fingerprint: string | null;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: Buffer | null;
}

function toRecord(row: Row): IdempotencyRecord {
  const response = row.response_status === null ? null : { status: row.response_status, headers: row.response_headers ?? {}, body: row.response_body ?? Buffer.alloc(0) };
  return { method: row.method, path: row.path, state: row.state, fingerprint: row.fingerprint, response };
}

/** Idempotency keys in the gateway's schema, so every replica sees the same keys and they outlive restarts. */
export function idempotencyStore(db: Knex) {
  return {
    /**
     * Takes the key for this request: a new key, an expired one, or one whose running request stopped
     * renewing its lease (same method and path only). False when another request holds or has used it.
     */
    async claim(input: ClaimInput): Promise<boolean> {
      const leaseUntil = new Date(input.now.getTime() + IDEMPOTENCY_LEASE_MS);
      const expiresAt = new Date(input.now.getTime() + IDEMPOTENCY_KEY_TTL_MS);
      const result = await db.raw(
        `INSERT INTO idempotency_keys (api_key_id, key, method, path, state, owner, lease_until, created_at, expires_at)
         VALUES (?, ?, ?, ?, 'RUNNING', ?, ?, ?, ?)
         ON CONFLICT (api_key_id, key) DO UPDATE SET
           method = excluded.method, path = excluded.path, state = 'RUNNING', owner = excluded.owner,
           lease_until = excluded.lease_until, fingerprint = NULL, response_status = NULL, response_headers = NULL,
           response_body = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at
         WHERE idempotency_keys.expires_at <= excluded.created_at
            OR (idempotency_keys.state = 'RUNNING' AND idempotency_keys.lease_until <= excluded.created_at
                AND idempotency_keys.method = excluded.method AND idempotency_keys.path = excluded.path)
         RETURNING owner`,
        [input.apiKeyId, input.key, input.method, input.path, input.owner, leaseUntil, input.now, expiresAt]
      );
      return result.rows.length === 1;
    },

    async find(apiKeyId: string, key: string): Promise<IdempotencyRecord | null> {
      const row: Row | undefined = await db('idempotency_keys').where({ api_key_id: apiKeyId, key }).first();
      return row ? toRecord(row) : null;
    },

    async renew(apiKeyId: string, key: string, owner: string, now: Date): Promise<void> {
      await db('idempotency_keys').where({ api_key_id: apiKeyId, key, owner, state: 'RUNNING' })
        .update({ lease_until: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS) });
    },

    async complete(apiKeyId: string, key: string, owner: string, fingerprint: string, response: StoredResponse): Promise<void> {
      await db('idempotency_keys').where({ api_key_id: apiKeyId, key, owner, state: 'RUNNING' }).update({
        state: 'DONE', fingerprint, response_status: response.status, response_headers: JSON.stringify(response.headers), response_body: response.body
      });
    },

    /** Lets the key go, so a retry runs the request afresh. */
    async release(apiKeyId: string, key: string, owner: string): Promise<void> {
      await db('idempotency_keys').where({ api_key_id: apiKeyId, key, owner, state: 'RUNNING' }).delete();
    },

    async pruneExpired(now: Date): Promise<number> {
      return db('idempotency_keys').where('expires_at', '<=', now).delete();
    }
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
