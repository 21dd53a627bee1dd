import type { CapturedExamples, OperationExamples } from '@signet/contracts';
import type { Delivery } from './receiver';
import type { Exchange } from './recorder';

const nonEmpty = (value: Record<string, unknown>) => (Object.keys(value).length > 0 ? value : undefined);

/** What a successful exchange shows of its request: parameters, query and body, each when there is one. */
function requestOf(exchange: Exchange): OperationExamples['request'] {
  const request = JSON.parse(JSON.stringify({ params: nonEmpty(exchange.params), query: nonEmpty(exchange.query), body: exchange.body })) as Record<string, unknown>;
  return nonEmpty(request);
}

const byKey = <T>(entries: Array<[string, T]>): Record<string, T> => Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

/**
 * The examples file: per route, the request of its first success and every JSON answer kept; per event
 * type, the first delivery. Sorted, so a new capture's diff shows what changed rather than what moved.
 */
export function examplesFile(exchanges: Exchange[], deliveries: Delivery[]): CapturedExamples {
  const operations = new Map<string, OperationExamples>();
  for (const exchange of [...exchanges].sort((a, b) => a.status - b.status)) {
    const operation = operations.get(exchange.route) ?? { responses: {} };
    if (exchange.status < 400 && operation.request === undefined) operation.request = requestOf(exchange);
    if (exchange.response !== undefined) operation.responses[String(exchange.status)] = exchange.response;
    operations.set(exchange.route, operation);
  }
  const events = new Map<string, Delivery>();
  for (const delivery of deliveries) if (!events.has(delivery.event_type)) events.set(delivery.event_type, delivery);
  return {
    operations: byKey([...operations].map(([route, operation]) => [route, { ...operation, responses: byKey(Object.entries(operation.responses)) }])),
    events: byKey([...events])
  };
}
