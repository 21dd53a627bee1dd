import type { Settings, SettingsInput } from '@signet/contracts';
import { callInternal, RequestContext } from '@signet/http';

export interface SettingsClient {
  /** Defaults < the calling key's settings < these envelope overrides; a 422 names `settings.<field>`. */
  effective(context: RequestContext, overrides: SettingsInput | undefined): Promise<Settings>;
}

export function settingsClient(baseUrl: () => string, secret: string): SettingsClient {
  return {
    async effective(context, overrides) {
      const answer = await callInternal<{ settings: Settings }>({
        baseUrl: baseUrl(),
        method: 'POST',
        path: '/internal/settings/effective',
        context,
        secret,
        body: overrides === undefined ? {} : { settings: overrides }
      });
      return answer.settings;
    }
  };
}

type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An update's settings laid over the envelope's earlier overrides: sent fields replace, the rest stay. */
export function mergeOverrides(earlier: SettingsInput, update: SettingsInput): SettingsInput {
  const merge = (base: Tree, patch: Tree): Tree => {
    const result: Tree = { ...base };
    for (const [name, value] of Object.entries(patch)) {
      const current = result[name];
      result[name] = isTree(value) && isTree(current) ? merge(current, value) : value;
    }
    return result;
  };
  return merge(earlier as Tree, update as Tree) as SettingsInput;
}
