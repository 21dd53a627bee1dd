import { createPollingLoop, type PollingLoop } from '@signet/bus';
import { deliverLifecycleMail } from './deliver-lifecycle-mail';
import type { EmailDeps } from './email-deps';

/** Longer than the SMTP mailer's own timeouts allow a send to take: past it, the mail is due again. */
const LEASE_MS = 2 * 60_000;

/** Sends queued lifecycle emails one at a time per replica; replicas share the queue by SKIP LOCKED. */
export function createLifecycleMailWorker(deps: EmailDeps, pollIntervalMs: number): PollingLoop {
  return createPollingLoop({
    what: 'sending lifecycle emails',
    log: deps.log.child({ component: 'lifecycle-mail-worker' }),
    pollIntervalMs,
    maxBackoffMs: 30_000,
    async step() {
      const now = deps.clock();
      const mail = await deps.emails.claimDue(deps.db, now, new Date(now.getTime() + LEASE_MS));
      if (mail === null) return false;
      await deliverLifecycleMail(deps, mail);
      return true;
    }
  });
}
