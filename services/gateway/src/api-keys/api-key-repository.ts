import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { ApiKeyScope } from '@signet/contracts';
import type { Plan } from '@signet/config';
import { apiKeyPrefix, hashApiKey } from './api-key-secret';

export interface ApiKeyRecord {
  id: string;
  tenant_id: string;
  plan: Plan;
  name: string;
  key_prefix: string;
  scopes: ApiKeyScope[];
  envelopes_per_hour: number | null;
  envelopes_per_day: number | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  /** After a rotation, until when the previous secret works (it may have passed). */
  previous_key_expires_at: Date | null;
}

/** A key found by a secret, and when that secret stops working: null for the current one, the overlap's end for a previous one. */
export interface ApiKeyMatch {
  record: ApiKeyRecord;
  secretExpiresAt: Date | null;
}

export interface NewApiKey {
  key: string;
  tenantId: string;
  plan: Plan;
  name: string;
  scopes: ApiKeyScope[];
  now: Date;
  /** Enterprise keys may carry their own envelope-creation limits. */
  envelopesPerHour?: number | null;
  envelopesPerDay?: number | null;
}

export interface KeyRotation {
  tenantId: string;
  id: string;
  /** The new secret. */
  key: string;
  /** Until when the secret it replaces keeps working; null: it stops at once. */
  previousUntil: Date | null;
}

/** Every gateway replica listens here and forgets its cached keys: a revocation takes effect at once everywhere. */
export const API_KEYS_CHANGED_CHANNEL = 'signet_api_keys_changed';

/** What a key's row may show: never a hash. */
export const API_KEY_COLUMNS = [
  'id', 'tenant_id', 'plan', 'name', 'key_prefix', 'scopes', 'envelopes_per_hour', 'envelopes_per_day', 'created_at', 'last_used_at', 'revoked_at', 'previous_key_expires_at'
];

function newRow(input: NewApiKey) {
  return {
    id: uuidv7(),
    tenant_id: input.tenantId,
    plan: input.plan,
    name: input.name,
    key_hash: hashApiKey(input.key),
    key_prefix: apiKeyPrefix(input.key),
    scopes: input.scopes,
    envelopes_per_hour: input.envelopesPerHour ?? null,
    envelopes_per_day: input.envelopesPerDay ?? null,
    created_at: input.now
  };
}

/** Delivered to the listening gateways when the transaction commits. */
async function announceChange(trx: Knex.Transaction): Promise<void> {
  await trx.raw('SELECT pg_notify(?, ?)', [API_KEYS_CHANGED_CHANNEL, '']);
}

export function apiKeyRepository(db: Knex) {
  return {
    /** The live key whose current secret hashes so, or whose previous one does until its overlap ends at `now`. */
    async findActiveByHash(keyHash: string, now: Date): Promise<ApiKeyMatch | null> {
      const row = await db('api_keys').select([...API_KEY_COLUMNS, db.raw('key_hash = ? AS is_current', [keyHash])])
        .whereNull('revoked_at')
        .andWhere((query) => query.where({ key_hash: keyHash }).orWhere((previous) => previous.where({ previous_key_hash: keyHash }).andWhere('previous_key_expires_at', '>', now)))
        // A configured key made again at start may also be another row's previous secret: the current one wins.
        .orderBy('is_current', 'desc')
        .first();
      if (!row) return null;
      const { is_current: isCurrent, ...record } = row as ApiKeyRecord & { is_current: boolean };
      return { record, secretExpiresAt: isCurrent ? null : record.previous_key_expires_at };
    },

    async findActiveById(id: string): Promise<ApiKeyRecord | null> {
      return (await db('api_keys').select(API_KEY_COLUMNS).where({ id }).whereNull('revoked_at').first()) ?? null;
    },

    async findOfTenant(tenantId: string, id: string): Promise<ApiKeyRecord | null> {
      return (await db('api_keys').select(API_KEY_COLUMNS).where({ tenant_id: tenantId, id }).first()) ?? null;
    },

    async insert(input: NewApiKey): Promise<ApiKeyRecord> {
      const [row] = await db('api_keys').insert(newRow(input)).returning(API_KEY_COLUMNS);
      return row;
    },

    /** Makes a configured key exist with the configured tenant and plan, as an admin; its id stays stable across restarts. */
    async upsertBootstrap(input: NewApiKey): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('api_keys').insert(newRow(input)).onConflict('key_hash').merge({ tenant_id: input.tenantId, plan: input.plan, scopes: input.scopes, revoked_at: null });
        await announceChange(trx);
      });
    },

    async list(tenantId?: string): Promise<ApiKeyRecord[]> {
      const query = db('api_keys').select(API_KEY_COLUMNS).orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return tenantId ? query.where({ tenant_id: tenantId }) : query;
    },

    /** Revokes a live key (of the tenant, when one is named); false when there is none. */
    async revoke(id: string, now: Date, tenantId?: string): Promise<boolean> {
      return db.transaction(async (trx) => {
        const query = trx('api_keys').where({ id }).whereNull('revoked_at');
        const updated = await (tenantId ? query.andWhere({ tenant_id: tenantId }) : query).update({ revoked_at: now });
        await announceChange(trx);
        return updated > 0;
      });
    },

    /** A new secret for a live key of the tenant; the one it replaces becomes the previous (dropping an older one). Null when there is no such key. */
    async rotate(rotation: KeyRotation): Promise<ApiKeyRecord | null> {
      return db.transaction(async (trx) => {
        const [row] = await trx('api_keys').where({ id: rotation.id, tenant_id: rotation.tenantId }).whereNull('revoked_at').update({
          key_hash: hashApiKey(rotation.key),
          key_prefix: apiKeyPrefix(rotation.key),
          previous_key_hash: rotation.previousUntil ? trx.ref('key_hash') : null,
          previous_key_expires_at: rotation.previousUntil
        }).returning(API_KEY_COLUMNS);
        if (row) await announceChange(trx);
        return row ?? null;
      });
    },

    /** Moves `last_used_at` forward, never back (replicas write on their own). */
    async touchLastUsed(id: string, at: Date): Promise<void> {
      await db('api_keys').where({ id }).andWhere((query) => query.whereNull('last_used_at').orWhere('last_used_at', '<', at)).update({ last_used_at: at });
    }
  };
}

export type ApiKeyRepository = ReturnType<typeof apiKeyRepository>;
