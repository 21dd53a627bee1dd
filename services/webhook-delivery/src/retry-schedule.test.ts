import { retryDelay } from './retry-schedule';

describe('retryDelay', () => {
  it('makes three attempts with STANDARD, the configured delay apart, then gives up', () => {
    expect([1, 2, 3].map((made) => retryDelay('STANDARD', made, 5000))).toEqual([5000, 5000, null]);
  });

  it('goes on for about 21 hours with EXTENDED, doubling from 5 minutes after the third attempt', () => {
    const delays = Array.from({ length: 12 }, (_, index) => retryDelay('EXTENDED', index + 1, 5000));
    const minutes = delays.slice(2, 10).map((delay) => (delay as number) / 60_000);
    expect(delays.slice(0, 2)).toEqual([5000, 5000]);
    expect(minutes).toEqual([5, 10, 20, 40, 80, 160, 320, 640]);
    expect(delays.slice(10)).toEqual([null, null]);
    expect(minutes.reduce((sum, value) => sum + value, 0) / 60).toBeCloseTo(21.25);
  });
});
