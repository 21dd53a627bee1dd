import { IDENTITY_CONSENT_VERSION, type IdentityGateStatus, type ValidationStatus } from '@signet/contracts';
import type { ValidationSettings } from '../recipient-facts';
import { DEFAULT_BIOMETRIC, DEFAULT_ID_CHECK } from '@signet/contracts';
import type { IdentityCheckRow, IdentityConsentRow } from './identity-model';

function gateOf(setting: { enabled: boolean; order: number; provider: 'local' | 'stripe'; max_attempts: number }, check: IdentityCheckRow | undefined, reasons: string[]): IdentityGateStatus {
  const passed = check?.status === 'PASSED';
  const failed = check?.status === 'FAILED' || check?.status === 'LOCKED';
  return {
    required: setting.enabled,
    order: setting.order === 1 ? 1 : 0,
    verified: passed,
    verified_at: passed && check?.decided_at ? check.decided_at.toISOString() : null,
    status: check?.status ?? 'PENDING',
    provider: setting.provider,
    attempts_left: Math.max(0, (check?.max_attempts ?? setting.max_attempts) - (check?.attempts_used ?? 0)),
    reasons: failed ? reasons : []
  };
}

/**
 * The identity part of the signing flow's gate: each check as the settings ask for it (the last failed
 * attempt's reasons by check id; the ID check's accepted documents and countries), and the consent before them.
 */
export function identityGate(
  validations: ValidationSettings['validations'], checks: IdentityCheckRow[], consent: IdentityConsentRow | null, lastReasons: Record<string, string[]> = {}
): Pick<ValidationStatus['channels'], 'id_check' | 'biometric'> & { identity_consent: ValidationStatus['identity_consent'] } {
  const idCheck = validations.id_check ?? DEFAULT_ID_CHECK;
  const biometric = validations.biometric ?? DEFAULT_BIOMETRIC;
  const of = (name: IdentityCheckRow['check']) => checks.find((check) => check.check === name);
  return {
    id_check: { ...gateOf(idCheck, of('id_check'), lastReasons[of('id_check')?.id ?? ''] ?? []), document_kinds: idCheck.document_kinds, countries: idCheck.countries },
    biometric: gateOf(biometric, of('biometric'), lastReasons[of('biometric')?.id ?? ''] ?? []),
    identity_consent: { required: idCheck.enabled || biometric.enabled, version: IDENTITY_CONSENT_VERSION, given_at: consent === null ? null : consent.given_at.toISOString() }
  };
}
