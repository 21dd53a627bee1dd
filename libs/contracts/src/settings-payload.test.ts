import { SettingsPayload } from './settings';
import { toSettingsPayload } from './settings-payload';
import { sampleSettings } from './test-samples';
import { validateSchema } from './validate';

describe('toSettingsPayload', () => {
  const payload = toSettingsPayload(sampleSettings());

  it('shows booleans as TRUE/FALSE strings', () => {
    expect(payload.emails).toEqual({
      envelope_invitation: 'TRUE',
      envelope_voided: 'TRUE',
      envelope_rejected: 'FALSE',
      envelope_signed: 'TRUE'
    });
    expect(payload.validations.email).toEqual({ enabled: 'FALSE', order: 0 });
  });

  it('renames document_id_enabled to include_page_id', () => {
    expect(payload.documents).toEqual({
      include_page_id: 'TRUE',
      custom_page_id: 'Signet Sign ID:',
      signatures_per_page: 6,
      signatures_per_row: 2
    });
  });

  it('adds the fields payloads show beyond the stored settings: signature image and text, sender_enterprise, biometric', () => {
    expect(payload.signature).toMatchObject({ image: 'DEFAULT', text: 'DEFAULT' });
    expect(payload.signature_flow.sender_enterprise).toBe('Acme');
    expect(payload.validations.biometric.enabled).toBe('FALSE');
  });

  it('shows branding.color, the default for settings stored before it existed', () => {
    expect(payload.branding.color).toBe('#1d4ed8');
    expect(toSettingsPayload({ ...sampleSettings(), branding: { ...sampleSettings().branding, color: '#0a7' } }).branding.color).toBe('#0a7');
  });

  it('produces a valid payload', () => {
    expect(validateSchema(SettingsPayload, payload).valid).toBe(true);
  });
});
