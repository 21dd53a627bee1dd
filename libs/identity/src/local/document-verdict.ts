import type { DocumentCheckResult, DocumentKind, DocumentPolicy, DocumentSummary, EngineVersions, ReasonCode, SubCheck } from '../types';
import { matchName } from './name-match';
import type { AamvaReading, DocumentAnswer, MrzReading } from './worker-answers';

const step = (name: string, passed: boolean, score: number | null = null, threshold: number | null = null): SubCheck => ({ name, passed, score, threshold });

/** The last 3 characters of the number, the rest as '*'. */
export function maskNumber(number: string): string {
  const clean = number.replace(/</g, '');
  return '*'.repeat(Math.max(0, clean.length - 3)) + clean.slice(-3);
}

/**
 * An MRZ expiry date (YYMMDD) as YYYY-MM-DD: in this century unless that is more than 50 years after
 * `today` (a document valid until 2075 does not exist; one that expired in 1999 may be shown).
 */
export function mrzExpiry(yymmdd: string, today: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const fullYear = year > Number(today.slice(0, 4)) + 50 ? year - 100 : year;
  return `${fullYear}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/** The kind an MRZ's format and document code make: TD3 P is a passport; TD1/TD2 I, A or C an ID card. */
export function mrzKind(reading: MrzReading): DocumentKind | null {
  const code = reading.fields.documentCode ?? '';
  if (reading.format === 'TD3' && code.startsWith('P')) return 'PASSPORT';
  if ((reading.format === 'TD1' || reading.format === 'TD2') && /^[IAC]/.test(code)) return 'ID_CARD';
  return null;
}

interface Read {
  kind: DocumentKind | null;
  country: string | null;
  number: string | null;
  expiresOn: string | null;
  surname: string;
  givenNames: string;
  truncated: boolean;
  readFrom: 'MRZ' | 'PDF417';
}

function fromMrz(reading: MrzReading, today: string): Read {
  const { fields } = reading;
  return {
    kind: mrzKind(reading),
    country: fields.country,
    number: fields.documentNumber,
    expiresOn: fields.expirationDate ? mrzExpiry(fields.expirationDate, today) : null,
    surname: fields.lastName ?? '',
    givenNames: fields.firstName ?? '',
    truncated: reading.nameTruncated,
    readFrom: 'MRZ'
  };
}

function fromAamva(reading: AamvaReading): Read {
  const { fields } = reading;
  return {
    kind: fields.subfile === 'ID' ? 'ID_CARD' : 'DRIVING_LICENCE',
    country: fields.country,
    number: fields.documentNumber,
    expiresOn: fields.expirationDate,
    surname: fields.lastName ?? '',
    givenNames: [fields.firstName, fields.middleName].filter(Boolean).join(' '),
    truncated: reading.nameTruncated,
    readFrom: 'PDF417'
  };
}

/**
 * The document check's verdict from what the worker read. A document that cannot be read, or whose MRZ
 * check digits or barcode data do not hold, fails on that alone: nothing read from it can be trusted.
 * Otherwise every rule is checked and every failing one reported: expiry against `policy.today`, kind,
 * country, name. Whether the photo shows a face is recorded as a step and never fails the document
 * check: the selfie check needs the portrait and fails there (PORTRAIT_NOT_FOUND).
 */
export function documentVerdict(answer: DocumentAnswer, policy: DocumentPolicy, versions: EngineVersions): DocumentCheckResult {
  const { reading } = answer;
  const subchecks: SubCheck[] = [];
  const portraitStep = step('portrait_face_found', answer.portrait.faces > 0, answer.portrait.score, null);
  const fail = (reasons: ReasonCode[]): DocumentCheckResult => ({ passed: false, reasons, document: null, subchecks: [...subchecks, portraitStep], versions });

  if (!reading) {
    subchecks.push(step('document_read', false));
    return fail(['DOCUMENT_UNREADABLE']);
  }
  if (reading.source === 'MRZ') {
    const failures = reading.checkDigitFailures.length;
    subchecks.push(step('mrz_check_digits', failures === 0, reading.checkDigits - failures, reading.checkDigits));
    if (failures > 0) return fail(['MRZ_CHECK_DIGIT']);
    subchecks.push(step('mrz_fields', reading.otherInvalid.length === 0));
    if (reading.otherInvalid.length > 0) return fail(['DOCUMENT_UNREADABLE']);
  } else {
    subchecks.push(step('barcode', reading.valid));
    if (!reading.valid) return fail(['BARCODE_INVALID']);
  }

  const read = reading.source === 'MRZ' ? fromMrz(reading, policy.today) : fromAamva(reading);
  const reasons: ReasonCode[] = [];
  if (!read.expiresOn || !read.number || !read.country) {
    subchecks.push(step('document_read', false));
    return fail([reading.source === 'MRZ' ? 'DOCUMENT_UNREADABLE' : 'BARCODE_INVALID']);
  }

  const notExpired = read.expiresOn >= policy.today;
  subchecks.push(step('expiry', notExpired));
  if (!notExpired) reasons.push('DOCUMENT_EXPIRED');

  const kindAllowed = read.kind !== null && policy.allowedKinds.includes(read.kind);
  subchecks.push(step('kind', kindAllowed));
  if (!kindAllowed) reasons.push('DOCUMENT_KIND_NOT_ALLOWED');

  const countryAllowed = policy.allowedCountries.length === 0 || policy.allowedCountries.map((code) => code.toUpperCase()).includes(read.country);
  subchecks.push(step('country', countryAllowed));
  if (!countryAllowed) reasons.push('COUNTRY_NOT_ALLOWED');

  const name = matchName({ surname: read.surname, givenNames: read.givenNames, truncated: read.truncated }, policy.expectedName, policy.nameMatch);
  subchecks.push(step('name', name.passed, name.score, null));
  if (!name.passed) reasons.push('NAME_MISMATCH');

  subchecks.push(portraitStep);
  const document: DocumentSummary | null = read.kind
    ? { kind: read.kind, country: read.country, number_masked: maskNumber(read.number), expires_on: read.expiresOn, read_from: read.readFrom }
    : null;
  return { passed: reasons.length === 0, reasons, document, subchecks, versions };
}
