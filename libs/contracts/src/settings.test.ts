import { SettingsInput, Settings } from './settings';
import { sampleSettings } from './test-samples';
import { validateSchema } from './validate';

const check = (input: unknown) => validateSchema(SettingsInput, input);
const rejection = (field: string, message: string) => ({ valid: false, details: [{ field, message }] });

describe('SettingsInput', () => {
  it('accepts booleans as JSON booleans and as TRUE/FALSE strings in either case', () => {
    for (const value of [true, false, 'TRUE', 'FALSE', 'true', 'false', null]) {
      expect(check({ emails: { envelope_invitation: value } }).valid).toBe(true);
    }
  });

  it('rejects any other boolean spelling, naming the field', () => {
    expect(check({ emails: { envelope_invitation: 'MAYBE' } })).toEqual(rejection('emails.envelope_invitation', 'must be TRUE or FALSE'));
  });

  it('accepts integers as numbers or digit strings within bounds', () => {
    expect(check({ documents: { signatures_per_page: 12, signatures_per_row: '4' }, validations: { email: { order: '1' } } }).valid).toBe(true);
    expect(check({ documents: { signatures_per_page: '13' } })).toEqual(
      rejection('documents.signatures_per_page', 'must be an integer from 1 to 12')
    );
    expect(check({ documents: { signatures_per_row: 1.5 } })).toEqual(
      rejection('documents.signatures_per_row', 'must be an integer from 1 to 4')
    );
  });

  it('accepts templates with known variables, with or without spaces inside the braces', () => {
    const subject = '{{recipient.name}}: code {{ validations.code }} for {{envelope.name}}';
    expect(check({ localization: { en: { emails: { email_validation: { subject } } } } }).valid).toBe(true);
    const body = '<style>p { color: red }</style><p>{{recipient.email}} until {{validations.expires_at}}</p>';
    expect(check({ localization: { es: { emails: { email_validation: { body } } } } }).valid).toBe(true);
  });

  it('rejects unknown template variables, naming the field', () => {
    const result = check({ localization: { es: { emails: { email_validation: { subject: 'Hi {{evil}}' } } } } });
    expect(result).toEqual({
      valid: false,
      details: [{ field: 'localization.es.emails.email_validation.subject', message: expect.stringContaining('may only use the variables') }]
    });
  });

  it('keeps length errors apart from template errors', () => {
    expect(check({ localization: { en: { emails: { email_validation: { cta: '' } } } } })).toEqual(
      rejection('localization.en.emails.email_validation.cta', 'must NOT have fewer than 1 characters')
    );
  });

  it('rejects unknown categories, fields and languages by their path', () => {
    expect(check({ colours: {} })).toEqual(rejection('colours', 'is not allowed'));
    expect(check({ emails: { envelope_archived: 'TRUE' } })).toEqual(rejection('emails.envelope_archived', 'is not allowed'));
    expect(check({ localization: { xx: {} } })).toEqual(rejection('localization.xx', 'is not allowed'));
  });

  it('checks signature_color and signature_types', () => {
    expect(check({ signature_flow: { signature_color: '#0a0', signature_types: 'DRAWN' } }).valid).toBe(true);
    expect(check({ signature_flow: { signature_color: '#00AAff', signature_types: 'UPLOADED,WRITTEN,DRAWN' } }).valid).toBe(true);
    expect(check({ signature_flow: { signature_color: '000000' } })).toEqual(
      rejection('signature_flow.signature_color', 'must be # followed by 3 or 6 hexadecimal digits')
    );
    for (const signature_types of ['WRITTEN,FOO', 'WRITTEN,WRITTEN', '', 'WRITTEN,']) {
      expect(check({ signature_flow: { signature_types } })).toEqual(
        rejection('signature_flow.signature_types', 'must be a comma-separated list of WRITTEN, DRAWN, UPLOADED without repeats')
      );
    }
  });

  it('checks branding.color: # and 3 or 6 hexadecimal digits, null resets it', () => {
    for (const color of ['#0a0', '#00AAff', null]) expect(check({ branding: { color } }).valid).toBe(true);
    for (const color of ['1d4ed8', '#1d4ed', '#12345678', 'blue', '#ggg', 'red; background: url(x)']) {
      expect(check({ branding: { color } })).toEqual(rejection('branding.color', 'must be # followed by 3 or 6 hexadecimal digits'));
    }
  });

  it('checks signature_flow.embed_origins (origins only, https but for localhost) and redirect_url', () => {
    for (const embed_origins of ['https://app.example.com', 'https://app.example.com:8443, https://b.example', 'http://localhost:5173,http://127.0.0.1:8080']) {
      expect(check({ signature_flow: { embed_origins } }).valid).toBe(true);
    }
    const message = 'must be a comma-separated list of origins such as https://app.example.com (https, no path; http only for localhost)';
    for (const embed_origins of ['http://app.example.com', 'https://app.example.com/', 'https://app.example.com/path', '*', "'self'", 'https://a.example;script-src *', 'https://a.example,', '']) {
      expect(check({ signature_flow: { embed_origins } })).toEqual(rejection('signature_flow.embed_origins', message));
    }
    expect(check({ signature_flow: { redirect_url: 'https://app.example.com/signed?x=1' } }).valid).toBe(true);
    expect(check({ signature_flow: { redirect_url: 'javascript:alert(1)' } })).toEqual(rejection('signature_flow.redirect_url', 'must be an https URL'));
  });

  it('checks logo, URLs and emails', () => {
    for (const logo of ['DEFAULT', 'https://cdn.example.com/logo.png', 'data:image/png;base64,iVBORw0KGgo=']) {
      expect(check({ branding: { logo } }).valid).toBe(true);
    }
    expect(check({ branding: { logo: 'http://cdn.example.com/logo.png' } })).toEqual(
      rejection('branding.logo', 'must be an https URL, a data:image/(png|jpeg|svg+xml);base64 value, or DEFAULT')
    );
    expect(check({ branding: { url_homepage: 'http://example.com', url_signature_flow: 'https://sign.example.com' } }).valid).toBe(true);
    expect(check({ branding: { url_signature_flow: 'http://sign.example.com' } })).toEqual(
      rejection('branding.url_signature_flow', 'must be an https URL')
    );
    expect(check({ branding: { reply_to: 'not-an-email' } })).toEqual(rejection('branding.reply_to', 'must be a valid email'));
  });

  it('bounds the size of a data URL logo', () => {
    const logo = `data:image/png;base64,${'A'.repeat(300_000)}`;
    expect(check({ branding: { logo } })).toMatchObject({
      valid: false,
      details: expect.arrayContaining([{ field: 'branding.logo', message: 'must NOT have more than 262144 characters' }])
    });
  });

  it('says which types would do when the value has none of them', () => {
    expect(check({ branding: { name: 5 } })).toEqual(rejection('branding.name', 'must be string or null'));
  });

  it('lists the choices of an enumerated field', () => {
    expect(check({ signature: { type: 'INTERNATIONAL' } })).toEqual(
      rejection('signature.type', 'must be one of: SIMPLE, FULL, QUALIFIED_CHILE')
    );
  });
});

describe('Settings', () => {
  it('accepts complete stored settings', () => {
    expect(validateSchema(Settings, sampleSettings()).valid).toBe(true);
  });

  it('requires both languages', () => {
    const settings = sampleSettings();
    const { es: _es, ...onlyEnglish } = settings.localization;
    expect(validateSchema(Settings, { ...settings, localization: onlyEnglish })).toEqual(rejection('localization.es', 'is required'));
  });
});
