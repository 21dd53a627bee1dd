import { createOutboxRelay } from '@signet/bus';
import { EffectiveSettingsRequest } from '@signet/contracts';
import { internalPost } from '@signet/http';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { effectiveSettings } from './effective-settings';
import { getSettings } from './get-settings';
import { settingsRepository } from './settings-repository';
import { updateSettings } from './update-settings';

export { settingsMigrations } from '../migrations';
export { DEFAULT_SETTINGS } from './default-settings';

/** Per-API-key default settings (spec 2.5, 4.3) and the effective-settings merge other services ask for. */
export function createSettingsService(deps: ServiceDeps): SignetService {
  const repository = settingsRepository(deps.db);
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });

  return defineService(deps, {
    name: 'settings',
    routes: (router) => {
      router.get('/api/v1/settings', getSettings(repository));
      router.put('/api/v1/settings', updateSettings(deps.db, repository, deps.clock, () => relay.wake()));
      internalPost(router, '/internal/settings/effective', EffectiveSettingsRequest, effectiveSettings(repository));
    },
    workers: [relay]
  });
}
