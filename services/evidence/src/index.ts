import { createOutboxRelay } from '@signet/bus';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { createEvidenceGenerator } from './evidence-generator';
import { evidenceRoutes } from './http/evidence-routes';
import { createLogoLoader, fetchLogoFromPublicUrl } from './logo-loader';
import { recordTimeline } from './record-timeline';
import { envelopeSealClient } from './seal-client';
import { validationIdentityClient } from './identity-client';
import { envelopeSignaturesClient } from './signatures-client';
import { RERENDER_EVIDENCE, rerenderEvidenceJob } from './evidence-jobs';

export { evidenceMigrations } from '../migrations';
export { renderEvidencePdf } from './render-evidence-pdf';

/** Evidence: the audit timeline projected from envelope and recipient events, and the evidence sheet PDF. */
export function createEvidenceService(deps: ServiceDeps): SignetService {
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });
  const loadLogo = createLogoLoader({ fetch: fetchLogoFromPublicUrl(), log: deps.log });
  const seal = envelopeSealClient(() => deps.serviceUrl('envelope'), deps.internalSecret);
  const loadIdentity = validationIdentityClient(() => deps.serviceUrl('validation'), deps.internalSecret);
  const loadSignatures = envelopeSignaturesClient(() => deps.serviceUrl('envelope'), deps.internalSecret);
  const generator = createEvidenceGenerator({ db: deps.db, blobs: deps.blobs, clock: deps.clock, committed: () => relay.wake(), loadLogo, loadIdentity, loadSignatures, seal,
    stillStale: (envelopeId) => deps.jobs.enqueue(deps.db, RERENDER_EVIDENCE, { envelopeId }, { key: envelopeId })
  });
  deps.jobs.register(rerenderEvidenceJob(generator));

  return defineService(deps, {
    name: 'evidence',
    routes: (router) => {
      evidenceRoutes(router, { db: deps.db, generator, envelopeUrl: () => deps.serviceUrl('envelope'), internalSecret: deps.internalSecret });
    },
    consumers: [recordTimeline({ db: deps.db })],
    workers: [relay]
  });
}
