import { availableParallelism } from 'node:os';
import { inWorkerSlot } from '../src/worker-slots';

describe('inWorkerSlot', () => {
  it('runs at most one job per CPU at a time and queues the rest in order', async () => {
    const slots = availableParallelism();
    let running = 0;
    let mostRunning = 0;
    const started: number[] = [];
    const job = (index: number) => async () => {
      started.push(index);
      running++;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (index === 0) throw new Error('a failed job frees its slot too');
      return index;
    };
    const jobs = Array.from({ length: slots * 3 }, (_, index) => inWorkerSlot(job(index)).catch(() => -1));
    const results = await Promise.all(jobs);
    expect(mostRunning).toBe(slots);
    expect(started).toEqual(results.map((_, index) => index));
    expect(results.slice(1)).toEqual(started.slice(1));
  });
});
