import type { BootstrapApiKey } from '@signet/config';
import type { ApiKeyRepository } from './api-key-repository';

/** Makes every SIGNET_BOOTSTRAP_API_KEYS entry (and monolith mode's development key) a working admin key, with the configured tenant and plan. */
export async function ensureBootstrapKeys(keys: ApiKeyRepository, bootstrap: BootstrapApiKey[], now: Date): Promise<void> {
  for (const entry of bootstrap) {
    await keys.upsertBootstrap({ key: entry.key, tenantId: entry.tenantId, plan: entry.plan, name: 'bootstrap', scopes: ['admin'], now });
  }
}
