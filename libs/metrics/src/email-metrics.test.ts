import { countEmail } from './email-metrics';
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

});
