import type { Knex } from 'knex';
import { Gauge } from 'prom-client';
import { metricsRegistry } from './registry';

const sources = new Map<string, Knex>();

async function readOutboxes(this: Gauge<'service' | 'measure'>): Promise<void> {
  this.reset();
  await Promise.all([...sources].map(async ([service, db]) => {
    const row = await db('outbox').whereNull('published_at')
      .select(db.raw('count(*)::int AS pending'), db.raw('coalesce(extract(epoch from now() - min(created_at)), 0)::float AS oldest'))
      .first()
      .catch(() => null);
    if (!row) return;
    this.set({ service, measure: 'pending_events' }, Number(row.pending));
    this.set({ service, measure: 'oldest_age_seconds' }, Number(row.oldest));
  }));
}

new Gauge({
  name: 'signet_outbox_lag',
  help: 'Unpublished outbox events per part (measure=pending_events) and the age of the oldest (measure=oldest_age_seconds)',
  labelNames: ['service', 'measure'] as const,
  registers: [metricsRegistry()],
  collect: readOutboxes
});

/** Reports this part's outbox on every scrape. */
export function watchOutbox(service: string, db: Knex): void {
  sources.set(service, db);
}
