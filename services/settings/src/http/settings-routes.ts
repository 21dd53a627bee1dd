import type { Express } from 'express';
import { EffectiveSettingsRequest } from '@signet/contracts';
import { AppError, internalPost, requestContext, requireBody } from '@signet/http';
import { effectiveSettings } from '../effective-settings';
import { getSettings } from '../get-settings';
import type { OverridesCache } from '../overrides-cache';
import type { SettingsRepository } from '../settings-repository';
import { updateSettings, type SettingsDeps } from '../update-settings';

/** The settings API and the effective-settings call other parts make: adapters of the use cases. */
export function settingsRoutes(router: Express, deps: SettingsDeps & { cached: OverridesCache; repository: SettingsRepository }): void {
  router.get('/api/v1/settings', async (req, res) => {
    res.json({ settings: await getSettings(deps.repository, { context: requestContext(res), scope: req.query.scope }) });
  });
  router.put('/api/v1/settings', async (req, res) => {
    if (!req.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the settings as application/json');
    requireBody(req, 'the settings to change, as a JSON object');
    res.json({ success: true, settings: await updateSettings(deps, { context: requestContext(res), body: req.body }) });
  });
  internalPost(router, '/internal/settings/effective', EffectiveSettingsRequest, effectiveSettings(deps.cached));
}
