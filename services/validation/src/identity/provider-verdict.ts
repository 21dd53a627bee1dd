import { matchName, type DocumentPolicy, type ProviderResult, type ReasonCode, type SubCheck } from '@signet/identity';
import type { Verdict } from './record-attempt';

/** Germany's documents print D where ISO 3166 (and so a provider) says DEU: both name the same country. */
const sameCountry = (a: string, b: string) => a === b || (['D', 'DEU'].includes(a) && ['D', 'DEU'].includes(b));

/**
 * A provider's finished session judged by the envelope's own policy, as the local verifier judges a
 * document: Stripe verified *a* document; Signet checks it is the recipient's, of an allowed kind and
 * country, and not expired on Signet's clock. A session back in requires_input is a failed attempt with
 * the provider's reason.
 */
export function providerVerdict(result: ProviderResult, policy: DocumentPolicy, versions: Record<string, string>): Verdict {
  if (result.status !== 'VERIFIED') return { passed: false, reasons: result.reasons.length > 0 ? result.reasons : ['PROVIDER_REJECTED'], subchecks: [], versions, document: null };
  const { document, name } = result;
  const steps: Array<SubCheck & { reason: ReasonCode }> = [];
  const step = (stepName: string, passed: boolean, reason: ReasonCode, score: number | null = null, threshold: number | null = null) =>
    steps.push({ name: stepName, passed, score, threshold, reason });
  step('provider_verified', true, 'PROVIDER_REJECTED');
  if (document === null) step('document_read', false, 'DOCUMENT_UNREADABLE');
  else {
    step('expiry', document.expires_on >= policy.today, 'DOCUMENT_EXPIRED');
    step('kind', policy.allowedKinds.includes(document.kind), 'DOCUMENT_KIND_NOT_ALLOWED');
    step('country', policy.allowedCountries.length === 0 || policy.allowedCountries.some((country) => sameCountry(country, document.country)), 'COUNTRY_NOT_ALLOWED');
  }
  const named = name === null ? { passed: false, score: 0 } : matchName(name, policy.expectedName, policy.nameMatch);
  step('name', named.passed, 'NAME_MISMATCH', named.score, null);
  const failed = steps.filter((candidate) => !candidate.passed);
  return {
    passed: failed.length === 0,
    reasons: [...new Set(failed.map((candidate) => candidate.reason))],
    subchecks: steps.map(({ reason: _reason, ...subcheck }) => subcheck),
    versions,
    document
  };
}
