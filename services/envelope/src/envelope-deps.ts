import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import type { OutboxRelay } from '@signet/bus';
import type { SignetConfig } from '@signet/config';
import type { Clock } from '@signet/service';
import type { ConsentCodes } from './consumer-consent/consent-codes';
import type { EnvelopeJobs } from './envelope-jobs';
import type { EnvelopeLimits } from './plan-limits/envelope-limits';
import type { DocumentLinks } from './present/document-links';
import type { SealIdentity } from './seal/seal-identity';
import type { SignerAuthority } from './seal/signer-authority';
import type { RemoteSigning } from './signatures/remote-signing';
import type { SettingsClient } from './settings-client';
import type { SigningLinkKeeper } from './signing-links/signing-link-keeper';
import type { EnvelopeStore } from './store/envelope-store';
import type { ValidationClient } from './validation-client';

/** What the envelope use cases share. */
export interface EnvelopeDeps {
  db: Knex;
  blobs: BlobStore;
  store: EnvelopeStore;
  settings: SettingsClient;
  validations: ValidationClient;
  links: DocumentLinks;
  relay: OutboxRelay;
  /** The plan's allowance of envelope creations, counted here for single creates and batch items alike. */
  limits: EnvelopeLimits;
  jobs: EnvelopeJobs;
  clock: Clock;
  config: SignetConfig;
  /** The seal's key, chain and timestamp source (configured, or the development PKI). */
  sealIdentity: () => Promise<SealIdentity>;
  /** The signer CA and act keys of advanced signatures (configured, or the development signer CA). */
  signerAuthority: () => Promise<SignerAuthority>;
  /** The signing provider of qualified signatures; null when none is configured. */
  remoteSigning: RemoteSigning | null;
  /** Each recipient's current signing link, kept encrypted. */
  signingLinks: SigningLinkKeeper;
  /** The code each recipient's consent document shows (signature_flow.consumer_consent). */
  consentCodes: ConsentCodes;
}
