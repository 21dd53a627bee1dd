import { DEFAULT_SETTINGS } from './default-settings';
import { applyPatch, patchFromInput, resolveSettings } from './settings-overrides';

describe('settings overrides', () => {
  it('turns form strings into canonical booleans and numbers', () => {
    expect(patchFromInput({
      validations: { email: { enabled: 'TRUE', order: '1' } },
      documents: { document_id_enabled: 'false', signatures_per_row: '3' },
      emails: { envelope_signed: false }
    })).toEqual({
      validations: { email: { enabled: true, order: 1 } },
      documents: { document_id_enabled: false, signatures_per_row: 3 },
      emails: { envelope_signed: false }
    });
  });

  it('keeps text that only looks like a boolean', () => {
    expect(patchFromInput({ documents: { custom_page_id: 'TRUE' } })).toEqual({ documents: { custom_page_id: 'TRUE' } });
  });

  it('treats logo DEFAULT as a reset', () => {
    expect(patchFromInput({ branding: { logo: 'DEFAULT' } })).toEqual({ branding: { logo: null } });
  });

  it('merges nested patches and removes overrides set to null', () => {
    const stored = { branding: { name: 'Acme', reply_to: 'a@acme.test' }, signature: { type: 'FULL' } };
    expect(applyPatch(stored, { branding: { name: null }, signature: { style: 'FULL' } })).toEqual({
      branding: { reply_to: 'a@acme.test' },
      signature: { type: 'FULL', style: 'FULL' }
    });
  });

  it('fills every field from the defaults', () => {
    const settings = resolveSettings(DEFAULT_SETTINGS, { signature_flow: { language: 'ES' } });
    expect(settings.signature_flow).toEqual({ ...DEFAULT_SETTINGS.signature_flow, language: 'ES' });
    expect(settings.localization).toEqual(DEFAULT_SETTINGS.localization);
  });
});
