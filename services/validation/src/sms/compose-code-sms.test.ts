import type { Settings } from '@signet/contracts';
import type { ValidationSettings } from '../recipient-facts';
import { composeCodeSms } from './compose-code-sms';

const entry = (body: string) => ({ extra_page_intro: '', emails: { email_validation: { subject: 's', body: 'b', cta: 'c' } }, sms: { phone_validation: { body } } });

function settings(language: 'EN' | 'ES', en: string, es: string): ValidationSettings {
  return {
    validations: { email: { enabled: false, order: 0 }, phone: { enabled: true, order: 0, methods: 'SMS' } },
    localization: { en: entry(en), es: entry(es) } as Settings['localization'],
    signature_flow: { language, sender_name: 'Signet' },
    branding: { name: null, sender_email: null, reply_to: null }
  };
}

const sms = (value: ValidationSettings) => composeCodeSms({
  phone: '+34612345678', recipient: { name: 'Ana Lima', email: 'ana@example.com' }, envelopeName: 'Contrato', code: '042917',
  expiresAt: new Date('2026-11-21T10:45:00Z'), settings: value
});

describe('the validation SMS', () => {
  it('fills the template of the envelope language with the email variables, in plain text', () => {
    const value = settings('ES', 'EN {{validations.code}}', 'Hola {{recipient.name}}: {{validations.code}} para {{envelope.name}} <b>hasta</b> {{validations.expires_at}} ({{recipient.email}})');
    expect(sms(value)).toEqual({ to: '+34612345678', body: 'Hola Ana Lima: 042917 para Contrato <b>hasta</b> 2026-11-21 10:45 UTC (ana@example.com)' });
    expect(sms(settings('EN', 'Code {{ validations.code }}', 'x')).body).toBe('Code 042917');
  });

  it('adds the code to a customised text that leaves it out', () => {
    expect(sms(settings('EN', 'Your code for {{envelope.name}}:', 'x')).body).toBe('Your code for Contrato: 042917');
  });

  it('texts a language the key never customised from its defaults', () => {
    const value = { ...settings('EN', 'x', 'y'), signature_flow: { language: 'JA' as const, sender_name: 'Signet' } };
    expect(sms(value).body).toBe('Contratoの確認コードは042917です。有効期限は2026年11月21日 10:45 UTCです。');
  });
});
