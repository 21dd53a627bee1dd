import type { MailMessage } from '@signet/mail';
import { deriveValidationKeys } from '../secret-keys';
import { openMail, sealMail } from './mail-cipher';

const keys = deriveValidationKeys('test-internal-secret');
const message: MailMessage = { to: 'ana@example.com', from: 'no-reply@signet.localhost', subject: 'Code', text: 'Your code: 381204', html: '<p>381204</p>' };

describe('waiting code emails', () => {
  it('are sealed so that the code does not show, and open again with the same key and row', () => {
    const sealed = sealMail(keys.mail, message, 'mail-1');
    expect(sealed.toString('latin1')).not.toContain('381204');
    expect(sealed.toString('hex')).not.toContain('381204');
    expect(openMail(keys.mail, sealed, 'mail-1')).toEqual(message);
  });

  it('do not open with another key, for another row, or once altered', () => {
    const sealed = sealMail(keys.mail, message, 'mail-1');
    expect(() => openMail(deriveValidationKeys('another-secret').mail, sealed, 'mail-1')).toThrow();
    expect(() => openMail(keys.mail, sealed, 'mail-2')).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] as number) ^ 1;
    expect(() => openMail(keys.mail, altered, 'mail-1')).toThrow();
  });

  it('use a fresh IV each time', () => {
    expect(sealMail(keys.mail, message, 'mail-1').equals(sealMail(keys.mail, message, 'mail-1'))).toBe(false);
  });
});
