import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import type { SignetConfig } from '@signet/config';
import type { Clock } from '@signet/service';
import type { EnvelopeClient } from './envelope-client';
import type { UploadStore } from './upload-store';

export interface UploadDeps {
  db: Knex;
  store: UploadStore;
  blobs: BlobStore;
  envelopes: EnvelopeClient;
  clock: Clock;
  config: SignetConfig;
  /** Tells the processor a file has arrived, so it need not wait for its next poll. */
  fileReceived(): void;
}
