import { SETTINGS_CATEGORIES, SettingsCategory, type Settings } from '@signet/contracts';
import { type RequestContext, validationError } from '@signet/http';
import { DEFAULT_SETTINGS } from './default-settings';
import type { SettingsRepository } from './settings-repository';
import { resolveSettings } from './settings-overrides';

function parseScope(scope: unknown): readonly SettingsCategory[] {
  if (scope === undefined || scope === '') return SETTINGS_CATEGORIES;
  if (typeof scope !== 'string') throw validationError([{ field: 'scope', message: 'must be a comma-separated list of categories' }]);
  const names = scope.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(SETTINGS_CATEGORIES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw validationError([{ field: 'scope', message: `unknown categories ${unknown.join(', ')}; use ${SETTINGS_CATEGORIES.join(', ')}` }]);
  }
  return SETTINGS_CATEGORIES.filter((category) => names.includes(category));
}

/** GET /api/v1/settings?scope=a,b: the key's settings with defaults filled in, limited to the scope. */
export async function getSettings(
  repository: SettingsRepository, { context, scope: asked }: { context: RequestContext; scope: unknown }
): Promise<Partial<Settings>> {
  const scope = parseScope(asked);
  const settings = resolveSettings(DEFAULT_SETTINGS, await repository.findOverrides(context.apiKeyId, context.tenantId));
  return Object.fromEntries(scope.map((category) => [category, settings[category]]));
}
