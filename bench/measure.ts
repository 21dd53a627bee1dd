export interface Measured {
  latencies: number[];
  errors: number;
  seconds: number;
}

/**
 * Runs `task` `total` times with `concurrency` in flight; returns each successful call's latency in ms,
 * the number of calls that failed (counted, never fatal: one bad answer must not hide the rest) and the wall time.
 */
export async function measure(total: number, concurrency: number, task: (index: number) => Promise<void>): Promise<Measured> {
  return measureWhile((started) => started < total, concurrency, task);
}

/**
 * Like `measure`, for `ms` of wall time: calls start until then, and the round ends when the last one
 * has. Rounds of equal time weigh a fast baseline and a slower Signet alike: a baseline's 200 creates
 * took 0.3 s, short enough for one collection or one stall of the host to decide its figure.
 */
export async function measureFor(ms: number, concurrency: number, task: (index: number) => Promise<void>): Promise<Measured> {
  const deadline = performance.now() + ms;
  return measureWhile(() => performance.now() < deadline, concurrency, task);
}

async function measureWhile(more: (started: number) => boolean, concurrency: number, task: (index: number) => Promise<void>): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (more(next)) {
      const index = next;
      next += 1;
      const begin = performance.now();
      try {
        await task(index);
        latencies.push(performance.now() - begin);
      } catch {
        errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export interface Summary {
  requests: number;
  errors: number;
  per_second: number;
  p50_ms: number;
  p99_ms: number;
}

export function summary(result: Measured): Summary {
  return {
    requests: result.latencies.length,
    errors: result.errors,
    per_second: round(result.latencies.length / result.seconds, 1),
    p50_ms: percentile(result.latencies, 50),
    p99_ms: percentile(result.latencies, 99)
  };
}

/**
 * Rounds of two contenders taken in turn (A, B, A, B, ...), so a machine that gets busier or quieter
 * during the run weighs on both alike; each is reported by its median round (by throughput).
 */
export async function interleaved(rounds: number, a: () => Promise<Measured>, b: () => Promise<Measured>): Promise<[Summary, Summary]> {
  const first: Summary[] = [];
  const second: Summary[] = [];
  for (let round = 0; round < rounds; round += 1) {
    first.push(summary(await a()));
    second.push(summary(await b()));
  }
  return [medianRound(first), medianRound(second)];
}

/** `rounds` rounds of one contender alone, reported by its median round (by throughput). */
export async function medianOfRounds(rounds: number, run: () => Promise<Measured>): Promise<Summary> {
  const taken: Summary[] = [];
  for (let round = 0; round < rounds; round += 1) taken.push(summary(await run()));
  return medianRound(taken);
}

function medianRound(rounds: Summary[]): Summary {
  const sorted = [...rounds].sort((x, y) => x.per_second - y.per_second);
  const middle = sorted[Math.floor(sorted.length / 2)] as Summary;
  return { ...middle, errors: rounds.reduce((sum, item) => sum + item.errors, 0) };
}
