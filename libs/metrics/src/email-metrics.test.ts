import { countEmail, watchEmailBacklog } from './email-metrics';
import { metricsRegistry } from './registry';

async function values(name: string) {
  return (await metricsRegistry().getSingleMetric(name)?.get())?.values ?? [];
}

describe('email metrics', () => {
  it('counts outcomes by kind', async () => {
    const before = (await values('signet_emails_total')).find((value) => value.labels.kind === 'voided' && value.labels.outcome === 'retry')?.value ?? 0;
    countEmail('voided', 'retry');
    countEmail('voided', 'retry');
    const after = (await values('signet_emails_total')).find((value) => value.labels.kind === 'voided' && value.labels.outcome === 'retry')?.value;
    expect(after).toBe(before + 2);
  });

  it('reads the backlog of the watched queues on scrape, adding replicas up, until they are unwatched', async () => {
    const unwatch = [
      watchEmailBacklog('lifecycle', async () => ({ pending: 2, oldestDueSeconds: 3 })),
      watchEmailBacklog('lifecycle', async () => ({ pending: 1, oldestDueSeconds: 7 })),
      watchEmailBacklog('validation', async () => { throw new Error('database down'); })
    ];
    const backlog = () => values('signet_email_backlog').then((all) => all.map(({ labels, value }) => `${labels.queue}/${labels.measure}=${value}`).sort());
    expect(await backlog()).toEqual(['lifecycle/oldest_due_seconds=7', 'lifecycle/pending=3']);
    for (const stop of unwatch) stop();
    expect(await backlog()).toEqual([]);
  });
});
