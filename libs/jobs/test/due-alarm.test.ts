import { createLogger } from '@signet/log';
import { createDueAlarm, type DueAlarm, type DueJobs } from '../src/due-alarm';

const log = createLogger({ level: 'silent' });
const AN_HOUR = 3_600_000;

/** An alarm over a queue whose reads answer `reads` in turn (the last one again and again), and what it woke. */
function alarmOver(reads: Array<DueJobs | Error>) {
  const woken: number[] = [];
  let wake: (count: number) => void = () => undefined;
  const wokenOnce = new Promise<void>((resolve) => (wake = (count) => {
    woken.push(count);
    resolve();
  }));
  let calls = 0;
  const alarm: DueAlarm = createDueAlarm({
    read: async () => {
      const answer = reads[Math.min(calls, reads.length - 1)] as DueJobs | Error;
      calls += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    wake: (count) => wake(count),
    retryMs: 10,
    log
  });
  return { alarm, woken, wokenOnce, reads: () => calls };
}

describe('the due-job alarm', () => {
  let running: DueAlarm | null = null;
  afterEach(() => running?.stop());

  it('wakes runners for the jobs due when it starts', async () => {
    const { alarm, woken, wokenOnce } = alarmOver([{ due: 3, nextInMs: null }]);
    running = alarm;
    alarm.start();
    await wokenOnce;
    expect(woken).toEqual([3]);
  });

  it('keeps an expected job\'s time when a read finds only later ones (its transaction had not committed yet)', async () => {
    const { alarm, woken, wokenOnce } = alarmOver([{ due: 0, nextInMs: AN_HOUR }, { due: 1, nextInMs: AN_HOUR }]);
    running = alarm;
    alarm.start();
    alarm.expectIn(20);
    await wokenOnce;
    expect(woken).toEqual([1]);
  });

  it('reads again soon after a failed read, and wakes runners once it succeeds', async () => {
    const { alarm, woken, wokenOnce, reads } = alarmOver([new Error('connection terminated'), { due: 2, nextInMs: null }]);
    running = alarm;
    alarm.start();
    await wokenOnce;
    expect(woken).toEqual([2]);
    expect(reads()).toBe(2);
  });

  it('sets itself for the next job a read finds, and wakes runners when it comes due', async () => {
    const { alarm, woken, wokenOnce, reads } = alarmOver([{ due: 0, nextInMs: 20 }, { due: 1, nextInMs: null }]);
    running = alarm;
    alarm.start();
    await wokenOnce;
    expect(woken).toEqual([1]);
    expect(reads()).toBe(2);
  });
});
