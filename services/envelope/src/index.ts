import { createOutboxRelay } from '@signet/bus';
import { watchEmailBacklog } from '@signet/metrics';
import { pdfWorkersLoop } from '@signet/pdf';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { attachUploadedDocument } from './attach-uploaded-document';
import type { BatchDeps } from './batches/batch-deps';
import { batchStore } from './batches/batch-store';
import { createBatchWorker } from './batches/batch-worker';
import { pruneCreateRequests } from './create-requests';
import { createBatch } from './batches/create-batch';
import { getBatch } from './batches/get-batch';
import { planLimitsClient } from './batches/plan-limits-client';
import { completeEnvelope } from './completion/complete-envelope';
import { createEnvelope } from './create-envelope';
import { envelopeJobs } from './envelope-jobs';
import { envelopeJobKinds, PRUNE_CREATE_REQUESTS_EVERY_MS, pruneCreateRequestsJob } from './envelope-job-kinds';
import { readLifecycleMailBacklog } from './emails/email-backlog';
import type { EmailDeps } from './emails/email-deps';
import { deriveEmailKeys } from './emails/email-keys';
import { emailStore } from './emails/email-store';
import { deliverLifecycleMail, giveUpLifecycleMail } from './emails/deliver-lifecycle-mail';
import { queueLifecycleMails } from './emails/queue-lifecycle-mails';
import { reportBounce } from './emails/report-bounce';
import { trackEmailClick, trackEmailOpen } from './emails/track-email';
import type { EnvelopeDeps } from './envelope-deps';
import { getEnvelope } from './get-envelope';
import { getEnvelopeRecipient } from './get-envelope-recipient';
import { getEnvelopeSummary } from './get-envelope-summary';
import { listEnvelopes } from './list-envelopes';
import { documentLinks } from './present/document-links';
import { getDevelopmentCrl, getSealCertificates } from './seal/get-seal-certificates';
import { createSignatureReport } from './seal/create-signature-report';
import { sealDocument } from './seal/seal-document';
import { createSealIdentity } from './seal/seal-identity';
import { sendEnvelope } from './send-envelope';
import { settingsClient } from './settings-client';
import { serveSignerAssets } from './signer-page/serve-assets';
import { serveSignerPage } from './signer-page/serve-signer-page';
import { getSigningDocument } from './signing/get-signing-document';
import { getSigningSession } from './signing/get-signing-session';
import { rejectEnvelope } from './signing/reject-envelope';
import { relayValidationCode } from './signing/relay-validation-code';
import { signEnvelope } from './signing/sign-envelope';
import { signingLinkKeeper } from './signing-links/signing-link-keeper';
import { signingUrlHandler } from './signing-links/signing-url-handler';
import { envelopeStore } from './store/envelope-store';
import { updateEnvelope } from './update-envelope';
import { validationClient } from './validation-client';
import { voidEnvelope } from './void-envelope';

export { envelopeMigrations } from '../migrations';

/** Largest JSON body of POST /api/v1/batches; larger documents take the upload flow on single envelopes. */
const BATCH_BODY_LIMIT = '50mb';

/** Envelopes, recipients, documents and placements, and their state machine (spec 2.1-2.4, 3.1, 4.1). */
export function createEnvelopeService(deps: ServiceDeps): SignetService {
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });
  const emails = emailStore();
  const emailKeys = deriveEmailKeys(deps.internalSecret);
  const sealIdentity = createSealIdentity({ db: deps.db, config: deps.config, internalSecret: deps.internalSecret, clock: deps.clock, log: deps.log });
  const envelopeDeps: EnvelopeDeps = {
    db: deps.db,
    blobs: deps.blobs,
    store: envelopeStore(),
    settings: settingsClient(() => deps.serviceUrl('settings'), deps.internalSecret),
    validations: validationClient(() => deps.serviceUrl('validation'), deps.internalSecret),
    links: documentLinks(deps.blobs),
    relay,
    jobs: envelopeJobs(deps.jobs),
    clock: deps.clock,
    config: deps.config,
    sealIdentity,
    signingLinks: signingLinkKeeper(emails, emailKeys.seal)
  };
  const emailDeps: EmailDeps = {
    ...envelopeDeps,
    emails,
    keys: emailKeys,
    mailer: deps.mailer,
    log: deps.log
  };
  const batchDeps: BatchDeps = {
    ...envelopeDeps,
    batches: batchStore(),
    planLimits: planLimitsClient(() => deps.serviceUrl('gateway'), deps.internalSecret),
    log: deps.log,
    wakeBatchWorker: () => batchWorker.wake()
  };
  const batchWorker = createBatchWorker(batchDeps, deps.config.outboxPollIntervalMs);
  const jobHandlers = {
    complete: (tenantId: string, envelopeId: string) => completeEnvelope(envelopeDeps, tenantId, envelopeId, { log: deps.log }),
    renewer: { db: deps.db, blobs: deps.blobs, clock: deps.clock, jobs: envelopeDeps.jobs, sealIdentity, renewDays: deps.config.archive.renewDays },
    sendLifecycleMail: (mailId: string) => deliverLifecycleMail(emailDeps, mailId),
    giveUpLifecycleMail: (mailId: string, error: unknown) => giveUpLifecycleMail(emailDeps, mailId, error),
    pruneCreateRequests: async () => void (await pruneCreateRequests(deps.db, deps.clock()))
  };
  deps.jobs.register(...envelopeJobKinds(jobHandlers));
  deps.jobs.every(pruneCreateRequestsJob(jobHandlers), PRUNE_CREATE_REQUESTS_EVERY_MS);
  let unwatchBacklog = (): void => undefined;

  return defineService(deps, {
    name: 'envelope',
    checks: { blobs: () => deps.blobs.check() },
    // A batch of creates carries its documents inline, as base64.
    jsonBodyLimits: [{ path: '/api/v1/batches', limit: BATCH_BODY_LIMIT }],
    routes: (router) => {
      router.post('/api/v1/envelopes', createEnvelope(envelopeDeps));
      router.get('/api/v1/envelopes', listEnvelopes(envelopeDeps));
      router.get('/api/v1/envelopes/:id', getEnvelope(envelopeDeps));
      router.post('/api/v1/batches', createBatch(batchDeps));
      router.get('/api/v1/batches/:id', getBatch(batchDeps));
      router.put('/api/v1/envelopes/:id', updateEnvelope(envelopeDeps));
      router.post('/api/v1/envelopes/:id/send_invitation', sendEnvelope(envelopeDeps));
      router.put('/api/v1/envelopes/:id/void', voidEnvelope(envelopeDeps));
      router.post('/api/v1/envelopes/:id/recipients/:recipient_id/signing_url', signingUrlHandler(envelopeDeps));
      router.get('/api/v1/seal/certificates', getSealCertificates(envelopeDeps.sealIdentity));
      router.get('/pki/signet-dev-ca.crl', getDevelopmentCrl(envelopeDeps.sealIdentity));
      router.post('/api/v1/signature-reports', ...createSignatureReport(envelopeDeps.sealIdentity));
      router.get('/signing/v1/:token', getSigningSession(envelopeDeps));
      router.post('/signing/v1/:token/sign', signEnvelope(envelopeDeps));
      router.post('/signing/v1/:token/reject', rejectEnvelope(envelopeDeps));
      router.get('/signing/v1/:token/documents/:document_id', getSigningDocument(envelopeDeps));
      router.post('/signing/v1/:token/validation/send_code', relayValidationCode(envelopeDeps, 'send_code'));
      router.post('/signing/v1/:token/validation/verify_code', relayValidationCode(envelopeDeps, 'verify_code'));
      router.get('/sign/assets/:file', serveSignerAssets());
      router.get('/sign/:token', serveSignerPage(envelopeDeps));
      router.get('/email/v1/pixels/:token', trackEmailOpen(emailDeps));
      router.get('/email/v1/links/:token', trackEmailClick(emailDeps));
      router.post('/email/v1/bounces', reportBounce(emailDeps));
      router.get('/internal/envelopes/:id/summary', getEnvelopeSummary(envelopeDeps));
      router.post('/internal/seal', sealDocument(envelopeDeps.sealIdentity));
      router.get('/internal/envelopes/:id/recipients/:recipient_id', getEnvelopeRecipient(envelopeDeps));
    },
    consumers: [attachUploadedDocument(envelopeDeps, deps.log), queueLifecycleMails(emailDeps)],
    // PDF workers first: started and warm before the first create or signing needs one.
    workers: [pdfWorkersLoop(deps.config.pdf), relay, batchWorker],
    async onStart() {
      // A configured seal is opened at start, so a wrong module, token, PIN, key, certificate, file or
      // passphrase stops Signet at once instead of failing the first completion hours later.
      if (deps.config.sealPkcs11 || deps.config.seal) await sealIdentity();
      unwatchBacklog = watchEmailBacklog('lifecycle', () => readLifecycleMailBacklog(deps.db, deps.clock));
    },
    async onStop() {
      unwatchBacklog();
      await sealIdentity.close();
    }
  });
}
