import { collectDefaultMetrics, register } from 'prom-client';

let defaultsCollected = false;

/**
 * How often the event loop's delay is sampled: prom-client's default, 10 ms, wakes an idle process a
 * hundred times a second. Every stall this long or longer is still measured, and a shorter one whenever
 * a sample falls inside it.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * One registry per process: in monolith mode every part's /metrics shows the whole process, with a
 * `service` label telling the parts apart. Node's own metrics (event loop lag, heap, GC) come along.
 */
export function metricsRegistry() {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register, prefix: 'signet_', eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    defaultsCollected = true;
  }
  return register;
}
