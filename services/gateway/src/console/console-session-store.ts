import type { Knex } from 'knex';
import type { LanguageCode } from '@signet/i18n';

export interface ConsoleSessionRow {
  id: string;
  secret_hash: string;
  csrf_token: string;
  tenant_id: string;
  api_key_id: string;
  language: LanguageCode;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

/** The console's signed-in sessions: the gateway's own table, read by id on every request the console makes. */
export function consoleSessionStore(db: Knex) {
  const table = () => db<ConsoleSessionRow>('console_sessions');
  return {
    async insert(row: Omit<ConsoleSessionRow, 'ended_at'>): Promise<void> {
      await table().insert(row);
    },
    async find(id: string): Promise<ConsoleSessionRow | null> {
      return (await table().where({ id }).first()) ?? null;
    },
    async end(id: string, now: Date): Promise<void> {
      await table().where({ id }).whereNull('ended_at').update({ ended_at: now });
    },
    async pruneExpiredBefore(before: Date): Promise<void> {
      await table().where('expires_at', '<', before).delete();
    }
  };
}

export type ConsoleSessionStore = ReturnType<typeof consoleSessionStore>;
