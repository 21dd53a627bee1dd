import type { Logger } from '@signet/log';
import { lastUsedRecorder } from './last-used';

describe('last used recorder', () => {
  let now = 0;
  const clock = () => new Date(now);
  const warnings: unknown[] = [];
  const log = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;

  beforeEach(() => {
    now = 1_000_000;
    warnings.length = 0;
  });

  it('writes a key at most once a minute, each key on its own', () => {
    const writes: Array<[string, number]> = [];
    const recordUse = lastUsedRecorder(async (keyId, at) => { writes.push([keyId, at.getTime()]); }, { clock, log, everyMs: 60_000, maxEntries: 10 });
    recordUse('a');
    recordUse('a');
    recordUse('b');
    now += 59_999;
    recordUse('a');
    expect(writes).toEqual([['a', 1_000_000], ['b', 1_000_000]]);
    now += 2;
    recordUse('a');
    expect(writes).toEqual([['a', 1_000_000], ['b', 1_000_000], ['a', 1_060_001]]);
  });

  it('logs a failed write and never throws', async () => {
    const recordUse = lastUsedRecorder(async () => { throw new Error('database down'); }, { clock, log, everyMs: 60_000, maxEntries: 10 });
    expect(() => recordUse('a')).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([expect.objectContaining({ api_key_id: 'a' })]);
  });

  it('lets a stopping gateway wait for the writes already sent, so none meets a closed pool', async () => {
    let finish: () => void = () => undefined;
    const ended: string[] = [];
    const recordUse = lastUsedRecorder((keyId) => new Promise<void>((resolve) => {
      finish = () => {
        ended.push(keyId);
        resolve();
      };
    }), { clock, log, everyMs: 60_000, maxEntries: 10 });
    recordUse('a');
    let settled = false;
    const waiting = recordUse.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(ended).toEqual(['a']);
  });
});
