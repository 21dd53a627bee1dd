import type { Logger } from '@signet/log';
import type { EnvelopeDeps } from '../envelope-deps';
import type { BatchStore } from './batch-store';

/** What the batch routes and job share beyond the envelope use cases' own dependencies. */
export interface BatchDeps extends EnvelopeDeps {
  batches: BatchStore;
  log: Logger;
}
