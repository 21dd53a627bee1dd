import { createOutboxRelay } from '@signet/bus';
import { pdfWorkersLoop } from '@signet/pdf';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { envelopeClient } from './envelope-client';
import { uploadRoutes } from './http/upload-routes';
import { giveUpUpload, processQueuedUpload, type ProcessDeps } from './process-upload';
import type { UploadDeps } from './upload-deps';
import { queueProcessing, uploadJobKinds } from './upload-jobs';
import { uploadStore } from './upload-store';

export { uploadMigrations } from '../migrations';

/** Upload URLs for large PDFs: issue, receive by streaming, validate, and announce. */
export function createUploadService(deps: ServiceDeps): SignetService {
  const store = uploadStore(deps.db);
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });
  const processDeps: ProcessDeps = { db: deps.db, store, blobs: deps.blobs, clock: deps.clock, queueProcessing: queueProcessing(deps.jobs) };
  deps.jobs.register(...uploadJobKinds({
    async process(uploadId) {
      await processQueuedUpload(processDeps, uploadId);
      relay.wake();
    },
    giveUp: (uploadId) => giveUpUpload(processDeps, uploadId)
  }));
  const uploadDeps: UploadDeps = {
    db: deps.db,
    store,
    blobs: deps.blobs,
    envelopes: envelopeClient(() => deps.serviceUrl('envelope'), deps.internalSecret),
    clock: deps.clock,
    config: deps.config,
    queueProcessing: processDeps.queueProcessing
  };

  return defineService(deps, {
    name: 'upload',
    checks: { blobs: () => deps.blobs.check() },
    routes: (router) => {
      uploadRoutes(router, uploadDeps);
    },
    // PDF workers started and warm before the first upload's job takes one.
    workers: [pdfWorkersLoop(deps.config.pdf), relay]
  });
}
