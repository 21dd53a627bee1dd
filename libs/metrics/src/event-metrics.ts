import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './registry';

const published = new Counter({
  name: 'signet_events_published_total',
  help: 'Events handed to the broker, by topic',
  labelNames: ['topic'] as const,
  registers: [metricsRegistry()]
});

const consumed = new Counter({
  name: 'signet_events_consumed_total',
  help: 'Events handled by consumers, by group, topic and outcome (handled, dead_lettered, retried)',
  labelNames: ['group', 'topic', 'outcome'] as const,
  registers: [metricsRegistry()]
});

const lag = new Gauge({
  name: 'signet_consumer_lag_seconds',
  help: 'How long ago the event a consumer group last handled occurred: the delay between a fact and its effect',
  labelNames: ['group', 'topic'] as const,
  registers: [metricsRegistry()]
});

export function countPublished(topic: string, count: number): void {
  published.inc({ topic }, count);
}

export function countConsumed(group: string, topic: string, outcome: 'handled' | 'dead_lettered' | 'retried', occurredAt?: string): void {
  consumed.inc({ group, topic, outcome });
  if (outcome === 'handled' && occurredAt) lag.set({ group, topic }, Math.max(0, (Date.now() - Date.parse(occurredAt)) / 1000));
}
