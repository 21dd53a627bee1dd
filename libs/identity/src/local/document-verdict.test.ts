import type { DocumentPolicy } from '../types';
import { documentVerdict, maskNumber, mrzExpiry } from './document-verdict';
import type { DocumentAnswer, MrzReading } from './worker-answers';

const policy: DocumentPolicy = { allowedKinds: ['PASSPORT'], allowedCountries: [], nameMatch: 'MODERATE', expectedName: 'Eileen Collins', today: '2026-11-29' };

function mrz(overrides: Partial<MrzReading> = {}, fields: Partial<MrzReading['fields']> = {}): DocumentAnswer {
  const reading: MrzReading = {
    source: 'MRZ',
    format: 'TD3',
    valid: true,
    checkDigits: 5,
    checkDigitFailures: [],
    otherInvalid: [],
    autocorrected: false,
    fields: { documentCode: 'P', country: 'FRA', nationality: 'FRA', lastName: 'COLLINS', firstName: 'EILEEN MARIE', documentNumber: '18FX04213', birthDate: '561119', expirationDate: '310530', ...fields },
    nameTruncated: false,
    ...overrides
  };
  return { reading, portrait: { faces: 1, score: 0.99 } };
}

describe('documentVerdict', () => {
  it('passes a valid passport and masks its number', () => {
    const result = documentVerdict(mrz(), policy, {});
    expect(result).toMatchObject({ passed: true, reasons: [], document: { kind: 'PASSPORT', country: 'FRA', number_masked: '******213', expires_on: '2031-05-30', read_from: 'MRZ' } });
    expect(result.subchecks.map((step) => step.name)).toEqual(['mrz_check_digits', 'mrz_fields', 'expiry', 'kind', 'country', 'name', 'portrait_face_found']);
  });

  it('stops at a failed check digit: nothing read can be trusted', () => {
    const result = documentVerdict(mrz({ valid: false, checkDigitFailures: ['documentNumberCheckDigit', 'compositeCheckDigit'] }), policy, {});
    expect(result).toMatchObject({ passed: false, reasons: ['MRZ_CHECK_DIGIT'], document: null });
    expect(result.subchecks[0]).toEqual({ name: 'mrz_check_digits', passed: false, score: 3, threshold: 5 });
  });

  it('reports every failing rule at once', () => {
    const result = documentVerdict(mrz({}, { expirationDate: '200101', country: 'NLD', lastName: 'SMITH' }), { ...policy, allowedCountries: ['FRA'] }, {});
    expect(result.reasons).toEqual(['DOCUMENT_EXPIRED', 'COUNTRY_NOT_ALLOWED', 'NAME_MISMATCH']);
  });

  it('counts a document expiring today as valid today', () => {
    expect(documentVerdict(mrz({}, { expirationDate: '261129' }), policy, {}).passed).toBe(true);
    expect(documentVerdict(mrz({}, { expirationDate: '261128' }), policy, {}).reasons).toEqual(['DOCUMENT_EXPIRED']);
  });

  it('does not fail the document on a missing portrait, and records it', () => {
    const result = documentVerdict({ ...mrz(), portrait: { faces: 0, score: null } }, policy, {});
    expect(result.passed).toBe(true);
    expect(result.subchecks.at(-1)).toEqual({ name: 'portrait_face_found', passed: false, score: null, threshold: null });
  });

  it('refuses an MRZ that is neither a passport nor an ID card (a visa)', () => {
    const result = documentVerdict(mrz({}, { documentCode: 'V' }), { ...policy, allowedKinds: ['PASSPORT', 'ID_CARD'] }, {});
    expect(result.reasons).toEqual(['DOCUMENT_KIND_NOT_ALLOWED']);
    expect(result.document).toBeNull();
  });

  it('answers DOCUMENT_UNREADABLE when nothing was read', () => {
    expect(documentVerdict({ reading: null, portrait: { faces: 0, score: null } }, policy, {})).toMatchObject({ passed: false, reasons: ['DOCUMENT_UNREADABLE'], document: null });
  });
});

describe('mrzExpiry and maskNumber', () => {
  it('puts a two-digit expiry year in the century that makes sense', () => {
    expect(mrzExpiry('310530', '2026-11-29')).toBe('2031-05-30');
    expect(mrzExpiry('990101', '2026-11-29')).toBe('1999-01-01');
    expect(mrzExpiry('76013', '2026-11-29')).toBeNull();
  });
  it('keeps the last three characters', () => {
    expect(maskNumber('18FX04213')).toBe('******213');
    expect(maskNumber('AB<')).toBe('AB');
  });
});
