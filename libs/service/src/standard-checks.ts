import type { Knex } from 'knex';
import type { EventBus } from '@signet/bus';

/** The readiness checks every service shares: its database answers and its bus is connected. */
export function standardChecks(db: Knex, bus: EventBus): Record<string, () => Promise<void>> {
  return {
    database: async () => {
      await db.raw('SELECT 1');
    },
    bus: () => bus.check()
  };
}
