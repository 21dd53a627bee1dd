import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { Plan } from '@signet/config';
import { apiKeyPrefix, hashApiKey } from './api-key-secret';

export interface ApiKeyRecord {
  id: string;
  tenant_id: string;
  plan: Plan;
  name: string;
  key_prefix: string;
  envelopes_per_hour: number | null;
  envelopes_per_day: number | null;
  created_at: Date;
  revoked_at: Date | null;
}

export interface NewApiKey {
  key: string;
  tenantId: string;
  plan: Plan;
  name: string;
  now: Date;
  /** Enterprise keys may carry their own envelope-creation limits. */
  envelopesPerHour?: number | null;
  envelopesPerDay?: number | null;
}

/** Every gateway replica listens here and forgets its cached keys: a revocation takes effect at once everywhere. */
export const API_KEYS_CHANGED_CHANNEL = 'signet_api_keys_changed';

const PUBLIC_COLUMNS = ['id', 'tenant_id', 'plan', 'name', 'key_prefix', 'envelopes_per_hour', 'envelopes_per_day', 'created_at', 'revoked_at'];

function newRow(input: NewApiKey) {
  return {
    id: uuidv7(),
    tenant_id: input.tenantId,
    plan: input.plan,
    name: input.name,
    key_hash: hashApiKey(input.key),
    key_prefix: apiKeyPrefix(input.key),
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
    async findActiveByHash(keyHash: string): Promise<ApiKeyRecord | null> {
      const row = await db('api_keys').select(PUBLIC_COLUMNS).where({ key_hash: keyHash }).whereNull('revoked_at').first();
      return row ?? null;
    },

    async findActiveById(id: string): Promise<ApiKeyRecord | null> {
      return (await db('api_keys').select(PUBLIC_COLUMNS).where({ id }).whereNull('revoked_at').first()) ?? null;
    },

    async insert(input: NewApiKey): Promise<ApiKeyRecord> {
      const [row] = await db('api_keys').insert(newRow(input)).returning(PUBLIC_COLUMNS);
      return row;
    },

    /** Makes a configured key exist with the configured tenant and plan; its id stays stable across restarts. */
    async upsertBootstrap(input: NewApiKey): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('api_keys').insert(newRow(input)).onConflict('key_hash').merge({ tenant_id: input.tenantId, plan: input.plan, revoked_at: null });
        await announceChange(trx);
      });
    },

    async list(tenantId?: string): Promise<ApiKeyRecord[]> {
      const query = db('api_keys').select(PUBLIC_COLUMNS).orderBy('created_at');
      return tenantId ? query.where({ tenant_id: tenantId }) : query;
    },

    async revoke(id: string, now: Date): Promise<boolean> {
      return db.transaction(async (trx) => {
        const updated = await trx('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: now });
        await announceChange(trx);
        return updated > 0;
      });
    }
  };
}

export type ApiKeyRepository = ReturnType<typeof apiKeyRepository>;
