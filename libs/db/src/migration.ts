import type { Knex } from 'knex';

/** A schema change of one service; listed in order in the service's migrations/index.ts. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/** Feeds knex's migrator from an explicit list, so migrations run the same from source or a bundle. */
export function listMigrationSource(migrations: readonly Migration[]): Knex.MigrationSource<Migration> {
  return {
    getMigrations: async () => [...migrations],
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({
      up: migration.up,
      down: migration.down ?? (async () => {
        throw new Error(`migration ${migration.name} cannot be undone`);
      })
    })
  };
}
