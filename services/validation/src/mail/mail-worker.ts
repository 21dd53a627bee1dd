import { createPollingLoop, PollingLoop } from '@signet/bus';
import { deliverMail, MailDeliveryDeps } from './deliver-mail';

/** Longer than the SMTP mailer's own timeouts allow a send to take: past it, the mail is due again. */
const LEASE_MS = 2 * 60_000;

/**
 * Sends the waiting code emails one at a time per replica; replicas share the queue by SKIP LOCKED.
 * Woken when send_code commits, else polling.
 */
export function createMailWorker(deps: MailDeliveryDeps & { pollIntervalMs: number }): PollingLoop {
  return createPollingLoop({
    what: 'sending code emails',
    log: deps.log.child({ component: 'code-mail-worker' }),
    pollIntervalMs: deps.pollIntervalMs,
    maxBackoffMs: 30_000,
    async step() {
      const now = deps.clock();
      const mail = await deps.mails.claimDue(deps.db, now, new Date(now.getTime() + LEASE_MS));
      if (mail === null) return false;
      await deliverMail(deps, mail);
      return true;
    }
  });
}
