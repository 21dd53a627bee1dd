import type { Knex } from 'knex';
import type { BuilderAction, PlacementType, RecipientRole } from '@signet/contracts';
import type { LanguageCode } from '@signet/i18n';
import { API_KEY_COLUMNS, type ApiKeyRecord } from '../api-keys/api-key-repository';

export interface BuilderSessionRow {
  id: string;
  tenant_id: string;
  api_key_id: string;
  template_id: string | null;
  envelope_id: string | null;
  new_template: boolean;
  binding_until: Date | null;
  actions: BuilderAction[];
  origins: string[];
  roles: RecipientRole[];
  field_types: PlacementType[];
  language: LanguageCode;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export type NewBuilderSessionRow = Omit<BuilderSessionRow, 'binding_until' | 'revoked_at'>;

const JSON_COLUMNS = ['actions', 'origins', 'roles', 'field_types'] as const;

function toRecord(row: NewBuilderSessionRow): Record<string, unknown> {
  const record: Record<string, unknown> = { ...row };
  for (const column of JSON_COLUMNS) record[column] = JSON.stringify(row[column]);
  return record;
}

/** The gateway's builder sessions: its own table, read by id (a session id alone grants nothing: the token does). */
export function builderSessionStore(db: Knex) {
  const table = () => db<BuilderSessionRow>('builder_sessions');
  return {
    async insert(row: NewBuilderSessionRow): Promise<void> {
      await db('builder_sessions').insert(toRecord(row));
    },
    async find(id: string): Promise<BuilderSessionRow | null> {
      return (await table().where({ id }).first()) ?? null;
    },
    /** The session with the API key it acts as; null when either is gone (a revoked key takes its sessions with it). */
    async findWithKey(id: string): Promise<{ session: BuilderSessionRow; key: ApiKeyRecord } | null> {
      const session = await table().where({ id }).first();
      if (!session) return null;
      const key: ApiKeyRecord | undefined = await db('api_keys').select(API_KEY_COLUMNS).where({ id: session.api_key_id }).whereNull('revoked_at').first();
      return key ? { session, key } : null;
    },
    /** Revokes a live session of the tenant; false when there is none. */
    async revoke(tenantId: string, id: string, now: Date): Promise<boolean> {
      return (await table().where({ tenant_id: tenantId, id }).whereNull('revoked_at').update({ revoked_at: now })) > 0;
    },
    /**
     * Claims a new-template session's one template creation until `until`: only one request at a time
     * gets it, and none once a template is bound. False when another holds it or the template exists.
     */
    async claimBinding(id: string, now: Date, until: Date): Promise<boolean> {
      const claimed = await table().where({ id, new_template: true }).whereNull('template_id')
        .andWhere((query) => query.whereNull('binding_until').orWhere('binding_until', '<=', now))
        .update({ binding_until: until });
      return claimed > 0;
    },
    /** Binds the created template (only while unbound: the claim makes this the one binding). */
    async bindTemplate(id: string, templateId: string): Promise<void> {
      await table().where({ id }).whereNull('template_id').update({ template_id: templateId, binding_until: null });
    },
    async releaseBinding(id: string): Promise<void> {
      await table().where({ id }).whereNull('template_id').update({ binding_until: null });
    },
    async pruneExpiredBefore(before: Date): Promise<void> {
      await table().where('expires_at', '<', before).delete();
    }
  };
}

export type BuilderSessionStore = ReturnType<typeof builderSessionStore>;
