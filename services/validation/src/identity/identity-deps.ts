import type { Knex } from 'knex';
import type { LocalVerifier, ProviderVerifier } from '@signet/identity';
import type { Clock } from '@signet/service';
import type { IdentityJobs } from './identity-jobs';
import type { IdentityStore } from './identity-store';
import type { ImageVault } from './image-vault';

/** What the identity use cases share. */
export interface IdentityDeps {
  db: Knex;
  identity: IdentityStore;
  vault: ImageVault;
  /** The self-hosted verifier (offline, in worker threads). */
  local: LocalVerifier;
  /** Stripe Identity, when configured; else null. */
  stripe: ProviderVerifier | null;
  jobs: IdentityJobs;
  clock: Clock;
  /** Events were just committed: the outbox relay should look now. */
  committed(): void;
}
