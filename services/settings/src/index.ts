import { createOutboxRelay } from '@signet/bus';
import { listenForNotifications, NotificationListener } from '@signet/db';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { settingsRoutes } from './http/settings-routes';
import { overridesCache, SETTINGS_CHANGED_CHANNEL } from './overrides-cache';
import { settingsRepository } from './settings-repository';

export { settingsMigrations } from '../migrations';
export { DEFAULT_SETTINGS } from './default-settings';

const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

/** Per-API-key default settings and the effective-settings merge other services ask for. */
export function createSettingsService(deps: ServiceDeps): SignetService {
  const repository = settingsRepository(deps.db);
  const cached = overridesCache(repository, { clock: deps.clock, ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });
  let changes: NotificationListener | null = null;

  return defineService(deps, {
    name: 'settings',
    routes: (router) => settingsRoutes(router, {
      db: deps.db, repository, cached, clock: deps.clock,
      // This replica forgets at once, before answering; the others when the change's notification reaches them.
      onCommitted: () => {
        cached.forgetAll();
        relay.wake();
      }
    }),
    workers: [relay],
    onStart() {
      changes = listenForNotifications(deps.db, {
        channel: SETTINGS_CHANGED_CHANNEL,
        onNotify: () => cached.forgetAll(),
        onConnected: () => cached.setListening(true),
        onError: (error) => {
          cached.setListening(false);
          deps.log.warn({ err: error }, 'settings change notifications interrupted; settings are read from the database until they are back');
        }
      });
    },
    async onStop() {
      await changes?.stop();
      changes = null;
    }
  });
}
