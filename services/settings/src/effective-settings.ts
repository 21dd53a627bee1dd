import type { EffectiveSettingsRequest, Settings } from '@signet/contracts';
import type { RequestContext } from '@signet/http';
import { DEFAULT_SETTINGS } from './default-settings';
import type { OverridesReader } from './overrides-cache';
import { applyPatch, patchFromInput, resolveSettings } from './settings-overrides';

/**
 * POST /internal/settings/effective `{settings?}`: defaults, then the calling key's stored settings, then
 * the envelope's own overrides (validated like PUT /settings by the route; errors name `settings.<field>`).
 */
export function effectiveSettings(repository: OverridesReader) {
  return async (context: RequestContext, request: EffectiveSettingsRequest): Promise<{ settings: Settings }> => {
    const stored = await repository.findOverrides(context.apiKeyId, context.tenantId);
    const overrides = request.settings ? applyPatch(stored, patchFromInput(request.settings)) : stored;
    return { settings: resolveSettings(DEFAULT_SETTINGS, overrides) };
  };
}
