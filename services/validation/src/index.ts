import { createOutboxRelay } from '@signet/bus';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { codeRoutes } from './http/code-routes';
import { smsStatusRoutes } from './http/sms-status-routes';
import { mailChannel } from './mail/mail-channel';
import { deriveValidationKeys } from './secret-keys';
import { smsChannel } from './sms/sms-channel';
import { codeStore } from './store/code-store';
import { mailStore } from './store/mail-store';
import { smsStore } from './store/sms-store';
import type { ValidationDeps } from './validation-deps';
import { createLocalVerifier, createStripeIdentityVerifier } from '@signet/identity';
import { IDENTITY_IMAGE_PATHS, identityRoutes, STRIPE_WEBHOOK_PATH } from './http/identity-routes';
import type { IdentityDeps } from './identity/identity-deps';
import { identityJobKinds } from './identity/identity-job-kinds';
import { identityJobs } from './identity/identity-jobs';
import { identityStore } from './identity/identity-store';
import { imageKeyRing, imageVault } from './identity/image-vault';
import { PRUNE_CODES_EVERY_MS, pruneCodesJob, validationJobKinds } from './validation-job-kinds';
import { validationJobs } from './validation-jobs';

export { validationMigrations } from '../migrations';

/** Email and phone (SMS) validation: codes, their limits, emails and SMS, their events, and the gate. */
export function createValidationService(deps: ServiceDeps): SignetService {
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });
  const codes = codeStore();
  const mails = mailStore();
  const sms = smsStore();
  const keys = deriveValidationKeys(deps.internalSecret);
  const expiry = { db: deps.db, codes, mails, sms, clock: deps.clock, onExpired: () => relay.wake() };
  deps.jobs.register(...validationJobKinds({
    messages: { db: deps.db, codes, clock: deps.clock, log: deps.log, onSent: () => relay.wake() },
    mail: mailChannel(mails, deps.mailer, keys.mail),
    sms: smsChannel(sms, deps.sms, keys.sms),
    expiry
  }));
  deps.jobs.every(pruneCodesJob(expiry), PRUNE_CODES_EVERY_MS);
  const identity = identityStore();
  const { stripe } = deps.config.identity;
  const identityDeps: IdentityDeps = {
    db: deps.db,
    identity,
    vault: imageVault(deps.blobs, imageKeyRing(deps.config.identity.imageKeys, deps.internalSecret)),
    local: createLocalVerifier({ workers: deps.config.identity.workers, taskTimeoutMs: deps.config.identity.timeoutMs }),
    stripe: stripe === null ? null : createStripeIdentityVerifier({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase, now: () => deps.clock().getTime() }),
    jobs: identityJobs(deps.jobs),
    clock: deps.clock,
    committed: () => relay.wake()
  };
  deps.jobs.register(...identityJobKinds(identityDeps));
  const validationDeps: ValidationDeps = {
    db: deps.db,
    codes,
    mails,
    sms,
    identity,
    keys,
    jobs: validationJobs(deps.jobs),
    clock: deps.clock,
    mailFrom: deps.config.mailFrom,
    smsGuard: { allowedCountries: deps.config.sms.allowedCountries, tenantDailyLimit: deps.config.sms.tenantDailyLimit },
    committed: () => relay.wake()
  };
  const provider = deps.config.sms.provider;
  const reports = provider?.statusCallbackUrl ? { authToken: provider.authToken, callbackUrl: provider.statusCallbackUrl } : null;

  return defineService(deps, {
    name: 'validation',
    routes: (router) => {
      codeRoutes(validationDeps)(router);
      smsStatusRoutes(router, { db: deps.db, sms, log: deps.log.child({ component: 'sms-status' }), reports });
      identityRoutes(identityDeps)(router);
    },
    jsonBodyLimits: IDENTITY_IMAGE_PATHS.map((path) => ({ path, limit: '32mb' })),
    rawBodyPaths: [STRIPE_WEBHOOK_PATH],
    workers: [relay],
    onStop: () => identityDeps.local.close()
  });
}
