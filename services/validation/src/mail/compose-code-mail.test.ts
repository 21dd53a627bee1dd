import type { Settings } from '@signet/contracts';
import type { ValidationSettings } from '../recipient-facts';
import { CodeMail, composeCodeMail } from './compose-code-mail';

const template = (subject: string, body: string, cta: string) => ({ extra_page_intro: '', emails: { email_validation: { subject, body, cta } }, sms: { phone_validation: { body: '{{validations.code}}' } } });

function settings(overrides: Partial<ValidationSettings> = {}): ValidationSettings {
  return {
    validations: { email: { enabled: true, order: 0 }, phone: { enabled: false, order: 0, methods: 'SMS' } },
    localization: {
      en: template('Your verification code for {{envelope.name}}', '<p>Hello {{recipient.name}}, your code is {{validations.code}}, until {{validations.expires_at}}.</p>', 'Verify'),
      es: template('Tu código para {{envelope.name}}', '<p>Hola {{recipient.name}}: tu código es {{validations.code}}.</p>', 'Verificar')
    } as Settings['localization'],
    signature_flow: { language: 'EN', sender_name: 'Signet' },
    branding: { name: null, sender_email: null, reply_to: null },
    ...overrides
  };
}

function mail(overrides: Partial<CodeMail> = {}): CodeMail {
  return {
    recipient: { name: 'Ana <Lima>', email: 'ana@example.com' },
    envelopeName: 'Lease & annex',
    code: '042917',
    expiresAt: new Date('2026-11-21T10:45:30.000Z'),
    settings: settings(),
    defaultFrom: 'no-reply@signet.localhost',
    ...overrides
  };
}

describe('composeCodeMail', () => {
  it('fills the English template: subject as text, body as escaped HTML and as plain text', () => {
    const message = composeCodeMail(mail());
    expect(message).toMatchObject({
      to: 'ana@example.com', from: 'no-reply@signet.localhost', fromName: 'Signet', replyTo: null, subject: 'Your verification code for Lease & annex'
    });
    expect(message.html).toContain('<h1 style="font-size:20px">Verify</h1>');
    expect(message.html).toContain('<p>Hello Ana &lt;Lima&gt;, your code is 042917, until 2026-11-21 10:45 UTC.</p>');
    expect(message.html).toContain('<html lang="en">');
    expect(message.text).toBe('Verify\n\nHello Ana <Lima>, your code is 042917, until 2026-11-21 10:45 UTC.');
  });

  it('writes in Spanish when the envelope flows in ES', () => {
    const message = composeCodeMail(mail({ settings: settings({ signature_flow: { language: 'ES', sender_name: 'Acme Firma' } }) }));
    expect(message.subject).toBe('Tu código para Lease & annex');
    expect(message.fromName).toBe('Acme Firma');
    expect(message.text).toBe('Verificar\n\nHola Ana <Lima>: tu código es 042917.');
    expect(message.html).toContain('<html lang="es">');
  });

  it('sends from the branding sender address, with its reply-to', () => {
    const message = composeCodeMail(mail({ settings: settings({ branding: { name: 'Acme', sender_email: 'sign@acme.example', reply_to: 'legal@acme.example' } }) }));
    expect(message).toMatchObject({ from: 'sign@acme.example', replyTo: 'legal@acme.example' });
  });

  it('adds the code below a customised body that leaves it out', () => {
    const custom = settings();
    custom.localization.en = template('Code', '<p>Please confirm it is you.</p>', 'Confirm');
    const message = composeCodeMail(mail({ settings: custom }));
    expect(message.text).toBe('Confirm\n\nPlease confirm it is you.\n\n042917');
    expect(message.html).toContain('<strong>042917</strong>');
  });

  it('writes a language the key never customised from its defaults, dates its own way with the zone named', () => {
    const message = composeCodeMail(mail({ settings: settings({ signature_flow: { language: 'DE', sender_name: 'Signet' } }) }));
    expect(message.subject).toBe('Ihr Bestätigungscode für Lease & annex');
    expect(message.html).toContain('<html lang="de">');
    expect(message.text).toContain('Er läuft am 21. November 2026 um 10:45 UTC ab.');
    expect(message.text).toContain('042917');
  });

  it('mirrors an Arabic email', () => {
    const message = composeCodeMail(mail({ settings: settings({ signature_flow: { language: 'AR', sender_name: 'Signet' } }) }));
    expect(message.html).toContain('<html lang="ar" dir="rtl">');
    expect(message.subject).toBe('رمز التحقق الخاص بك لـ Lease & annex');
  });
});
