import { consoleCookieOf, newConsoleCookie, setConsoleCookie } from './console-cookie';

describe('the console cookie', () => {
  it('is Secure where Signet is reached over HTTPS, and HttpOnly and SameSite=Strict always', () => {
    const cookie = newConsoleCookie();
    expect(setConsoleCookie(cookie, true, 60)).toMatch(/; HttpOnly/);
    expect(setConsoleCookie(cookie, true, 60)).toMatch(/; Secure/);
    expect(setConsoleCookie(cookie, true, 60)).toMatch(/; SameSite=Strict/);
    expect(setConsoleCookie(cookie, false, 60)).not.toMatch(/Secure/);
  });

  it('reads back only a value of its own shape', () => {
    const cookie = newConsoleCookie();
    const header = setConsoleCookie(cookie, false, 60).split(';')[0] as string;
    expect(consoleCookieOf(`other=1; ${header}`)).toEqual(cookie);
    expect(consoleCookieOf('signet_console=<script>')).toBeNull();
    expect(consoleCookieOf(undefined)).toBeNull();
  });
});
