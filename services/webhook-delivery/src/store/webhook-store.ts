import type { Knex } from 'knex';
import type { WebhookEventType } from '@signet/contracts';
import type { Owner, WebhookRow } from '../model';

export type WebhookChanges = Partial<Pick<WebhookRow, 'url' | 'subscriptions' | 'auth' | 'retry_schedule'>> & { updated_at: Date };

const ownedBy = (owner: Owner) => ({ tenant_id: owner.tenantId, api_key_id: owner.apiKeyId });

/** The webhooks table. Every read and write names the owning key, so another key's id is simply not found. */
export function webhookStore(db: Knex) {
  return {
    list(owner: Owner): Promise<WebhookRow[]> {
      return db('webhooks').where(ownedBy(owner)).orderBy('id');
    },

    find(owner: Owner, id: string, trx: Knex = db): Promise<WebhookRow | undefined> {
      return trx('webhooks').where({ ...ownedBy(owner), id }).first();
    },

    /** The same, held FOR KEY SHARE until the transaction ends: a deletion waits for what is being recorded for it. */
    lockOwned(trx: Knex.Transaction, owner: Owner, id: string): Promise<WebhookRow | undefined> {
      return trx('webhooks').where({ ...ownedBy(owner), id }).forKeyShare().first();
    },

    /** Serialises creations of one key, so its webhook limit holds under concurrent requests. */
    async lockOwner(trx: Knex.Transaction, owner: Owner): Promise<number> {
      await trx.raw("SELECT pg_advisory_xact_lock(hashtext('webhooks:' || ?))", [owner.apiKeyId]);
      const [row] = await trx('webhooks').where(ownedBy(owner)).count({ n: '*' });
      return Number(row?.n ?? 0);
    },

    async insert(trx: Knex.Transaction, row: WebhookRow): Promise<void> {
      await trx('webhooks').insert(row);
    },

    async update(owner: Owner, id: string, changes: WebhookChanges): Promise<WebhookRow | undefined> {
      const [row] = await db('webhooks').where({ ...ownedBy(owner), id }).update(changes).returning('*');
      return row;
    },

    /**
     * Puts a new signing secret in place and keeps the one it replaces until `previousExpiresAt`, in one
     * statement (the right-hand sides read the row as it was), so concurrent rotations cannot lose a secret
     * that deliveries are being signed with. A secret two rotations old is dropped.
     */
    async rotateSecret(owner: Owner, id: string, secret: string, previousExpiresAt: Date, now: Date): Promise<WebhookRow | undefined> {
      const [row] = await db('webhooks').where({ ...ownedBy(owner), id }).update({
        previous_signing_secret: db.ref('signing_secret'),
        previous_secret_expires_at: previousExpiresAt,
        signing_secret: secret,
        updated_at: now
      }).returning('*');
      return row;
    },

    async remove(owner: Owner, id: string): Promise<boolean> {
      return (await db('webhooks').where({ ...ownedBy(owner), id }).delete()) > 0;
    },

    /** The key's webhooks that subscribe to the event type. */
    subscribedTo(owner: Owner, eventType: WebhookEventType): Promise<WebhookRow[]> {
      return db('webhooks').where(ownedBy(owner)).whereRaw('? = ANY(subscriptions)', [eventType]).orderBy('id');
    },

    /**
     * The same, each held FOR KEY SHARE until the transaction ends: a webhook deleted meanwhile waits for
     * the deliveries being scheduled to it (and then takes them along), instead of failing their insert.
     */
    lockSubscribedTo(trx: Knex.Transaction, owner: Owner, eventType: WebhookEventType): Promise<WebhookRow[]> {
      return trx('webhooks').where(ownedBy(owner)).whereRaw('? = ANY(subscriptions)', [eventType]).orderBy('id').forKeyShare();
    }
  };
}

export type WebhookStore = ReturnType<typeof webhookStore>;
