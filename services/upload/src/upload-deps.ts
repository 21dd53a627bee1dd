import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import type { SignetConfig } from '@signet/config';
import type { Clock } from '@signet/service';
import type { EnvelopeClient } from './envelope-client';
import type { QueueProcessing } from './upload-jobs';
import type { UploadStore } from './upload-store';

export interface UploadDeps {
  db: Knex;
  store: UploadStore;
  blobs: BlobStore;
  envelopes: EnvelopeClient;
  clock: Clock;
  config: SignetConfig;
  /** Queues a received file's processing, in the transaction that records it. */
  queueProcessing: QueueProcessing;
}
