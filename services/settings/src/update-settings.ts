import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { writeOutboxEvent } from '@signet/bus';
import { SettingsInput } from '@signet/contracts';
import { AppError, parseWith, requestContext, requireBody } from '@signet/http';
import type { Clock } from '@signet/service';
import { DEFAULT_SETTINGS } from './default-settings';
import type { SettingsRepository } from './settings-repository';
import { applyPatch, patchFromInput, resolveSettings } from './settings-overrides';

/**
 * PUT /api/v1/settings: supplied fields change, everything omitted keeps its stored value, null resets a
 * field to its default. The change and its settings.updated event commit together.
 */
export function updateSettings(db: Knex, repository: SettingsRepository, clock: Clock, onCommitted: () => void) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!req.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the settings as application/json');
    requireBody(req, 'the settings to change, as a JSON object');
    const input = parseWith(SettingsInput, req.body);
    const context = requestContext(res);
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
    res.json({ success: true, settings });
  };
}
