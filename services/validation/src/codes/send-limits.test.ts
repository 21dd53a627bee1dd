import { decideSend, sendLimitHeaders } from './send-limits';

const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 10, 21, 10, minutes, seconds));

describe('send_code limits per recipient: 60 seconds between codes, 5 an hour', () => {
  it('allows the first code, with 4 left in the hour', () => {
    expect(decideSend([], at(0))).toEqual({ allowed: true, limit: 5, remaining: 4, resetAt: at(60) });
  });

  it('refuses within 60 seconds of the last code, saying when the cooldown ends', () => {
    expect(decideSend([at(0)], at(0, 45))).toMatchObject({ allowed: false, retryAfterSeconds: 15, reason: expect.stringMatching(/60 seconds/) });
    expect(decideSend([at(0)], at(1))).toMatchObject({ allowed: true, remaining: 3 });
  });

  it('refuses a sixth code within the hour until the first of the five leaves it', () => {
    const five = [at(0), at(2), at(4), at(6), at(8)];
    expect(decideSend(five, at(30))).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 30 * 60, reason: expect.stringMatching(/5 codes/), resetAt: at(60) });
    expect(decideSend(five, at(60))).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('names the later of two limits that both hold', () => {
    const five = [at(0), at(2), at(4), at(6), at(8)];
    expect(decideSend(five, at(8, 30))).toMatchObject({ allowed: false, retryAfterSeconds: 51 * 60 + 30, reason: expect.stringMatching(/5 codes/) });
  });

  it('answers Retry-After only on a refusal, beside the X-RateLimit headers', () => {
    expect(sendLimitHeaders(decideSend([], at(0)))).toEqual({
      'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '4', 'X-RateLimit-Reset': String(at(60).getTime() / 1000)
    });
    expect(sendLimitHeaders(decideSend([at(0)], at(0, 30)))).toMatchObject({ 'Retry-After': '30', 'X-RateLimit-Remaining': '4' });
  });
});
