import { createPollingLoop, PollingLoop } from '@signet/bus';
import { deliverSms, SmsDeliveryDeps } from './deliver-sms';

/** Longer than the provider client's 10 s timeout allows a send to take: past it, the SMS is due again. */
const LEASE_MS = 2 * 60_000;

/**
 * Sends the waiting code SMS one at a time per replica; replicas share the queue by SKIP LOCKED. Woken
 * when send_code commits, else polling.
 */
export function createSmsWorker(deps: SmsDeliveryDeps & { pollIntervalMs: number }): PollingLoop {
  return createPollingLoop({
    what: 'sending code SMS',
    log: deps.log.child({ component: 'code-sms-worker' }),
    pollIntervalMs: deps.pollIntervalMs,
    maxBackoffMs: 30_000,
    async step() {
      const now = deps.clock();
      const row = await deps.sms.claimDue(deps.db, now, new Date(now.getTime() + LEASE_MS));
      if (row === null) return false;
      await deliverSms(deps, row);
      return true;
    }
  });
}
