import { collectDefaultMetrics, register } from 'prom-client';

let defaultsCollected = false;

/**
 * One registry per process: in monolith mode every part's /metrics shows the whole process, with a
 * `service` label telling the parts apart. Node's own metrics (event loop lag, heap, GC) come along.
 */
export function metricsRegistry() {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register, prefix: 'signet_' });
    defaultsCollected = true;
  }
  return register;
}
