import { createOutboxRelay } from '@signet/bus';
import { watchEmailBacklog } from '@signet/metrics';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { createCodeSweeper } from './code-sweeper';
import { codeRoutes } from './code-routes';
import { readCodeMailBacklog } from './mail/email-backlog';
import { createMailWorker } from './mail/mail-worker';
import { deriveValidationKeys } from './secret-keys';
import { receiveSmsStatus } from './sms/receive-sms-status';
import { createSmsWorker } from './sms/sms-worker';
import { codeStore } from './store/code-store';
import { mailStore } from './store/mail-store';
import { smsStore } from './store/sms-store';
import type { ValidationDeps } from './validation-deps';

export { validationMigrations } from '../migrations';

/** Email and phone (SMS) validation: codes, their limits, emails and SMS, their events, and the gate (spec 2.8, 3.4, 4.5). */
export function createValidationService(deps: ServiceDeps): SignetService {
  const relay = createOutboxRelay({ db: deps.db, bus: deps.bus, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs });
  const codes = codeStore();
  const mails = mailStore();
  const sms = smsStore();
  const keys = deriveValidationKeys(deps.internalSecret);
  const mailWorker = createMailWorker({
    db: deps.db, codes, mails, mailer: deps.mailer, keys, clock: deps.clock, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs,
    onSent: () => relay.wake()
  });
  const smsWorker = createSmsWorker({
    db: deps.db, codes, sms, sender: deps.sms, keys, clock: deps.clock, log: deps.log, pollIntervalMs: deps.config.outboxPollIntervalMs,
    onSent: () => relay.wake()
  });
  const sweeper = createCodeSweeper({ db: deps.db, codes, mails, sms, clock: deps.clock, log: deps.log, onExpired: () => relay.wake() });
  const validationDeps: ValidationDeps = {
    db: deps.db,
    codes,
    mails,
    sms,
    keys,
    clock: deps.clock,
    mailFrom: deps.config.mailFrom,
    smsGuard: { allowedCountries: deps.config.sms.allowedCountries, tenantDailyLimit: deps.config.sms.tenantDailyLimit },
    committed: () => {
      relay.wake();
      mailWorker.wake();
      smsWorker.wake();
    }
  };
  const provider = deps.config.sms.provider;
  const reports = provider?.statusCallbackUrl ? { authToken: provider.authToken, callbackUrl: provider.statusCallbackUrl } : null;
  let unwatchBacklog = (): void => undefined;

  return defineService(deps, {
    name: 'validation',
    routes: (router) => {
      codeRoutes(validationDeps)(router);
      router.post('/sms/v1/status', ...receiveSmsStatus({ db: deps.db, sms, log: deps.log.child({ component: 'sms-status' }), reports }));
    },
    workers: [relay, mailWorker, smsWorker, sweeper],
    onStart() {
      unwatchBacklog = watchEmailBacklog('validation', () => readCodeMailBacklog(deps.db, deps.clock));
    },
    onStop: () => unwatchBacklog()
  });
}
