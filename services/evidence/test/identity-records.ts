import { createHash } from 'node:crypto';
import type { EnvelopeIdentity } from '../src/identity-client';

/** A SHA-256 in hex, distinct per label: each hash on the sheet can be found once. */
export const sha = (label: string) => createHash('sha256').update(label).digest('hex');

export const LOCAL_ASSURANCE = 'Signet local identity engine: document reading and face comparison run offline. Presentation-attack detection is unaudited and NOT certified to ISO/IEC 30107-3.';
export const ASSERTED_ASSURANCE = 'Asserted by the integrator: verified by Onfido at level IAL2; Signet did not see the evidence.';
export const MANUAL_ASSURANCE = 'Passed by hand by a sender; Signet did not verify the person.';

/** Every hash the records hold: three images of Ana's ID check, three of her selfie check, two consent texts. */
export const HASHES = {
  consentAna: sha('consent text v1 shown to Ana'),
  consentBen: sha('consent text v1 shown to Ben'),
  document1: sha('document attempt 1'),
  document2: sha('document attempt 2'),
  neutral: sha('selfie neutral'),
  challenge: sha('selfie challenge')
};

const versions = { 'tesseract.js': '7.0.0', mrz: '4.2.1', 'ocrb.traineddata': '2024-03' };
const faceVersions = { '@vladmandic/human': '3.3.5', 'faceres.json': '2023-11' };

/**
 * Ana: consent, an ID check by the local verifier (a failed attempt, then a pass; images purged) and a
 * selfie check failed once and then passed by hand. Ben: consent and an ID check asserted by the
 * integrator. As the validation part answers `POST /internal/identity/evidence`.
 */
export function identityRecords(): EnvelopeIdentity {
  return {
    recipients: [
      {
        recipient_id: 'rec-1',
        consent: { version: 'identity-consent-2026-03', text_sha256: HASHES.consentAna, given_at: '2026-01-03T01:00:00.000Z' },
        id_check: {
          id: 'idc-ana', check: 'id_check', status: 'PASSED', method: 'local', assurance: LOCAL_ASSURANCE,
          attempts_used: 2, max_attempts: 3, provider_reference: null,
          document: { kind: 'PASSPORT', country: 'UTO', number_masked: '******123', expires_on: '2031-05-01', read_from: 'MRZ' },
          decided_at: '2026-01-03T01:10:00.000Z', manual: null, assertion: null, retention_days: 30,
          images_purged_at: '2026-02-02T01:10:00.000Z',
          attempts: [
            {
              number: 1, outcome: 'FAILED', reasons: ['MRZ_CHECK_DIGIT', 'NAME_MISMATCH'],
              subchecks: [
                { name: 'mrz_check_digits', passed: false, score: 4, threshold: 5 },
                { name: 'name', passed: false, score: 0.41, threshold: null }
              ],
              versions, document: { kind: 'PASSPORT', country: 'UTO', number_masked: '******987', expires_on: '2024-02-29', read_from: 'MRZ' },
              images: [{ role: 'document', sha256: HASHES.document1 }], created_at: '2026-01-03T01:05:00.000Z'
            },
            {
              number: 2, outcome: 'PASSED', reasons: [],
              subchecks: [
                { name: 'mrz_check_digits', passed: true, score: 5, threshold: 5 },
                { name: 'expiry', passed: true, score: null, threshold: null }
              ],
              versions, document: { kind: 'PASSPORT', country: 'UTO', number_masked: '******123', expires_on: '2031-05-01', read_from: 'MRZ' },
              images: [{ role: 'document', sha256: HASHES.document2 }], created_at: '2026-01-03T01:10:00.000Z'
            }
          ],
          created_at: '2026-01-03T01:01:00.000Z', updated_at: '2026-01-03T01:10:00.000Z'
        },
        biometric: {
          id: 'bio-ana', check: 'biometric', status: 'PASSED', method: 'manual', assurance: MANUAL_ASSURANCE,
          attempts_used: 1, max_attempts: 3, provider_reference: null, document: null,
          decided_at: '2026-01-03T02:00:00.000Z', manual: { api_key_id: 'key-sender-42', reason: 'Met the signer in person at the Porto office' },
          assertion: null, retention_days: 30, images_purged_at: null,
          attempts: [
            {
              number: 1, outcome: 'FAILED', reasons: ['FACE_MISMATCH'],
              subchecks: [
                { name: 'face_match', passed: false, score: 0.52, threshold: 0.7 },
                { name: 'challenge_tilt_left', passed: true, score: 14.5, threshold: 8 }
              ],
              versions: faceVersions, document: null,
              images: [{ role: 'neutral', sha256: HASHES.neutral }, { role: 'challenge', sha256: HASHES.challenge }], created_at: '2026-01-03T01:20:00.000Z'
            }
          ],
          created_at: '2026-01-03T01:15:00.000Z', updated_at: '2026-01-03T02:00:00.000Z'
        }
      },
      {
        recipient_id: 'rec-2',
        consent: { version: 'identity-consent-2026-03', text_sha256: HASHES.consentBen, given_at: '2026-01-03T00:30:00.000Z' },
        id_check: {
          id: 'idc-ben', check: 'id_check', status: 'PASSED', method: 'assertion', assurance: ASSERTED_ASSURANCE,
          attempts_used: 0, max_attempts: 3, provider_reference: 'onfido-chk-7731',
          document: null, decided_at: '2026-01-02T09:00:00.000Z', manual: null,
          assertion: { provider: 'Onfido', reference: 'onfido-chk-7731', level: 'IAL2', verified_at: '2026-01-02T08:45:00.000Z', api_key_id: 'key-integrator-7' },
          retention_days: 30, images_purged_at: null, attempts: [],
          created_at: '2026-01-02T09:00:00.000Z', updated_at: '2026-01-02T09:00:00.000Z'
        },
        biometric: null
      }
    ]
  };
}
