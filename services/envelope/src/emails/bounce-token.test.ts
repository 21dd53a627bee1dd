import { randomBytes } from 'node:crypto';
import { bounceToken, mailIdOfBounceToken } from './bounce-token';

describe('bounce tokens', () => {
  const key = randomBytes(32);

  it('name the mail they were made for', () => {
    expect(mailIdOfBounceToken(key, bounceToken(key, '01a1fe26-mail'))).toBe('01a1fe26-mail');
  });

  it('refuse another key, another mail id, a changed signature and no signature', () => {
    const token = bounceToken(key, 'mail-1');
    expect(mailIdOfBounceToken(randomBytes(32), token)).toBeNull();
    expect(mailIdOfBounceToken(key, token.replace('mail-1', 'mail-2'))).toBeNull();
    expect(mailIdOfBounceToken(key, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(mailIdOfBounceToken(key, 'mail-1')).toBeNull();
  });
});
