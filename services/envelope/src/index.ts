import { createOutboxRelay } from '@signet/bus';
import { openAsyncCommitPool } from '@signet/db';
import { pdfWorkersLoop } from '@signet/pdf';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { recordIdentityOutcomes } from './identity/record-identity-outcome';
import { attachUploadedDocument } from './attach-uploaded-document';
import type { BatchDeps } from './batches/batch-deps';
import { batchStore } from './batches/batch-store';
import { consentCodes } from './consumer-consent/consent-codes';
import { envelopeJobs } from './envelope-jobs';
import { registerEnvelopeJobs } from './envelope-job-kinds';
import type { EmailDeps } from './emails/email-deps';
import { deriveEmailKeys } from './emails/email-keys';
import { emailStore } from './emails/email-store';
import { queueLifecycleMails } from './emails/queue-lifecycle-mails';
import type { EnvelopeDeps } from './envelope-deps';
import { envelopeLimits } from './plan-limits/envelope-limits';
import { emailRoutes } from './http/email-routes';
import { envelopeRoutes } from './http/envelope-routes';
import { sealRoutes } from './http/seal-routes';
import { previewRoutes } from './http/preview-routes';
import { signerPageRoutes } from './http/signer-page-routes';
import { signingRoutes } from './http/signing-routes';
import { templateRoutes } from './http/template-routes';
import { documentLinks } from './present/document-links';
import { createSignerAuthority } from './seal/signer-authority';
import { remoteSigningFromConfig } from './signatures/remote-signing';
import { createSealIdentity } from './seal/seal-identity';
import { settingsClient } from './settings-client';
import { signingLinkKeeper } from './signing-links/signing-link-keeper';
import { envelopeStore } from './store/envelope-store';
import { expiryRoutes } from './http/expiry-routes';
import type { TemplateDeps } from './templates/template-deps';
import { templateStore } from './templates/template-store';
import { validationClient } from './validation-client';

export { envelopeMigrations } from '../migrations';

/** Largest JSON body of POST /api/v1/batches; larger documents take the upload flow on single envelopes. */
const BATCH_BODY_LIMIT = '50mb';
/** A document photo of up to 10 MB, or two selfie frames of up to 5 MB each, as base64 in JSON. */
const IDENTITY_BODY_LIMIT = '16mb';

/** Envelopes, recipients, documents and placements, and their state machine. */
export function createEnvelopeService(deps: ServiceDeps): SignetService {
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });
  // Every create of a tenant updates the same counter rows; see docs/decisions.md, "Plan-limit counters commit asynchronously".
  const counters = openAsyncCommitPool(deps.db);
  const emails = emailStore();
  const emailKeys = deriveEmailKeys(deps.internalSecret);
  const sealIdentity = createSealIdentity({ db: deps.db, config: deps.config, internalSecret: deps.internalSecret, clock: deps.clock, log: deps.log });
  const signerAuthority = createSignerAuthority({ db: deps.db, config: deps.config, internalSecret: deps.internalSecret, clock: deps.clock });
  const envelopeDeps: EnvelopeDeps = {
    db: deps.db,
    blobs: deps.blobs,
    store: envelopeStore(),
    settings: settingsClient(() => deps.serviceUrl('settings'), deps.internalSecret),
    validations: validationClient(() => deps.serviceUrl('validation'), deps.internalSecret, deps.config.identity.timeoutMs + 30_000),
    links: documentLinks(deps.blobs),
    relay,
    limits: envelopeLimits(counters, deps.clock),
    jobs: envelopeJobs(deps.jobs),
    clock: deps.clock,
    config: deps.config,
    sealIdentity,
    signerAuthority,
    remoteSigning: remoteSigningFromConfig(deps.config),
    signingLinks: signingLinkKeeper(emails, emailKeys.seal),
    consentCodes: consentCodes(deps.internalSecret)
  };
  const emailDeps: EmailDeps = {
    ...envelopeDeps,
    emails,
    keys: emailKeys,
    mailer: deps.mailer,
    log: deps.log
  };
  const templateDeps: TemplateDeps = { ...envelopeDeps, templates: templateStore() };
  const batchDeps: BatchDeps = {
    ...templateDeps,
    batches: batchStore(),
    log: deps.log
  };
  registerEnvelopeJobs(deps.jobs, {
    emails: emailDeps,
    batches: batchDeps,
    renewer: { db: deps.db, blobs: deps.blobs, clock: deps.clock, jobs: envelopeDeps.jobs, sealIdentity, renewDays: deps.config.archive.renewDays },
    log: deps.log
  });

  return defineService(deps, {
    name: 'envelope',
    checks: { blobs: () => deps.blobs.check() },
    // A batch of creates carries its documents inline, as base64.
    // Templates too, when sent as JSON.
    jsonBodyLimits: [{ path: '/api/v1/batches', limit: BATCH_BODY_LIMIT }, { path: '/api/v1/templates', limit: BATCH_BODY_LIMIT }, { path: '/signing/v1/:token/identity', limit: IDENTITY_BODY_LIMIT }],
    routes: (router) => {
      envelopeRoutes(router, envelopeDeps, batchDeps);
      sealRoutes(router, envelopeDeps);
      expiryRoutes(router, envelopeDeps);
      templateRoutes(router, templateDeps);
      signingRoutes(router, envelopeDeps);
      signerPageRoutes(router, envelopeDeps);
      previewRoutes(router, envelopeDeps);
      emailRoutes(router, emailDeps);
    },
    consumers: [attachUploadedDocument(envelopeDeps, deps.log), queueLifecycleMails(emailDeps), recordIdentityOutcomes(envelopeDeps)],
    // PDF workers first: started and warm before the first create or signing needs one.
    workers: [pdfWorkersLoop(deps.config.pdf), relay],
    async onStart() {
      // A configured seal is opened at start, so a wrong module, token, PIN, key, certificate, file or
      // passphrase stops Signet at once instead of failing the first completion hours later.
      if (deps.config.sealPkcs11 || deps.config.seal) await sealIdentity();
      if (deps.config.signerCa) await signerAuthority();
    },
    async onStop() {
      await sealIdentity.close();
      await signerAuthority.close();
      await counters.destroy();
    }
  });
}
