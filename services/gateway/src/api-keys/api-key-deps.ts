import type { Clock } from '@signet/service';
import type { ApiKeyRepository } from './api-key-repository';

/** What managing a tenant's keys through the API needs. */
export interface ApiKeyDeps {
  keys: ApiKeyRepository;
  clock: Clock;
  /** Empties this replica's key cache at once; the others empty theirs on the change's notification. */
  forgetCachedKeys(): void;
}
