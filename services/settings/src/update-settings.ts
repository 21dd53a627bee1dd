import type { Knex } from 'knex';
import { writeOutboxEvent } from '@signet/bus';
import { SettingsInput, type Settings } from '@signet/contracts';
import { parseWith, type RequestContext } from '@signet/http';
import type { Clock } from '@signet/service';
import { DEFAULT_SETTINGS } from './default-settings';
import type { SettingsRepository } from './settings-repository';
import { applyPatch, patchFromInput, resolveSettings } from './settings-overrides';

/**
 * PUT /api/v1/settings: supplied fields change, everything omitted keeps its stored value, null resets a
 * field to its default. The change and its settings.updated event commit together.
 */
export interface SettingsDeps {
  db: Knex;
  repository: SettingsRepository;
  clock: Clock;
  /** The change committed: caches forget, the relay looks. */
  onCommitted: () => void;
}

export async function updateSettings({ db, repository, clock, onCommitted }: SettingsDeps, { context, body }: { context: RequestContext; body: unknown }): Promise<Settings> {
  const input = parseWith(SettingsInput, body);
  const settings = await db.transaction(async (trx) => {
    const stored = await repository.lockOverrides(trx, context.apiKeyId, context.tenantId, clock());
    // The time is read once the row is locked, so changes (and their events) are stamped in the order they apply.
    const now = clock();
    const overrides = applyPatch(stored, patchFromInput(input));
    await repository.saveOverrides(trx, context.apiKeyId, overrides, now);
    const resolved = resolveSettings(DEFAULT_SETTINGS, overrides);
    await writeOutboxEvent(trx, {
      eventType: 'settings.updated',
      key: context.apiKeyId,
      data: { api_key_id: context.apiKeyId, tenant_id: context.tenantId, settings: resolved, updated_at: now.toISOString() },
      context,
      occurredAt: now
    });
    return resolved;
  });
  onCommitted();
  return settings;
}
