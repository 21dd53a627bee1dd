/** Runs `task` `total` times with `concurrency` in flight; returns each call's latency in ms and the wall time. */
export async function measure(total: number, concurrency: number, task: (index: number) => Promise<void>): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (next < total) {
      const index = next;
      next += 1;
      const begin = performance.now();
      await task(index);
      latencies.push(performance.now() - begin);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

export function summary(result: { latencies: number[]; seconds: number }) {
  return {
    requests: result.latencies.length,
    per_second: Math.round((result.latencies.length / result.seconds) * 10) / 10,
    p50_ms: percentile(result.latencies, 50),
    p99_ms: percentile(result.latencies, 99)
  };
}
