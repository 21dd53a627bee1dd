import { ConfigError } from './config-error';
import { isPlan, Plan, PLANS } from './plans';

export interface BootstrapApiKey {
  key: string;
  tenantId: string;
  plan: Plan;
  /** The key monolith mode made for itself (no keys configured): the start page shows it to loopback clients. */
  development?: boolean;
}

const VARIABLE = 'SIGNET_BOOTSTRAP_API_KEYS';

/** Parses `key:tenant:plan,key:tenant:plan`. */
export function parseBootstrapApiKeys(value: string | null): BootstrapApiKey[] {
  if (value === null) return [];
  return value.split(',').map((entry) => {
    const [key, tenantId, plan, ...rest] = entry.trim().split(':');
    if (!key || !tenantId || !plan || rest.length > 0) {
      throw new ConfigError(VARIABLE, 'entries must be key:tenant:plan', entry);
    }
    if (!/^[A-Za-z0-9_\-.]{8,200}$/.test(key)) {
      throw new ConfigError(VARIABLE, 'keys must be 8 to 200 characters of letters, digits, _ - .', entry);
    }
    if (!/^[A-Za-z0-9_\-.]{1,100}$/.test(tenantId)) {
      throw new ConfigError(VARIABLE, 'tenants must be 1 to 100 characters of letters, digits, _ - .', entry);
    }
    if (!isPlan(plan)) throw new ConfigError(VARIABLE, `plans must be one of ${PLANS.join(', ')}`, entry);
    return { key, tenantId, plan };
  });
}
