import type { Logger } from '@signet/log';
import type { TemplateDeps } from '../templates/template-deps';
import type { BatchStore } from './batch-store';

/** What the batch routes and job share beyond the envelope and template use cases' own dependencies. */
export interface BatchDeps extends TemplateDeps {
  batches: BatchStore;
  log: Logger;
}
