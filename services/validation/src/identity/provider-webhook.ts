import { v5 as uuidv5 } from 'uuid';
import { ProviderSignatureError, UnhandledProviderEventError, type ProviderResult } from '@signet/identity';
import { AppError } from '@signet/http';
import type { IdentityDeps } from './identity-deps';
import { writeIdentityEvent } from './identity-events';
import { identityCheckMachine } from './identity-machine';
import type { IdentityCheckRow } from './identity-model';
import { documentKinds, stripeOf } from './provider-session';
import { providerVerdict } from './provider-verdict';
import { recordAttempt, type Verdict } from './record-attempt';

const STRIPE_VERSIONS = { provider: 'stripe-identity' };
/** Names the attempts recorded from provider events (uuid v5). */
const PROVIDER_EVENT_NAMESPACE = '0e3f6a52-3c1b-4e0e-9a53-6d1f3f1b7c2a';

/** The selfie check of a provider session: decided by whether the provider matched the selfie to the document. */
function selfieVerdict(result: ProviderResult): Verdict {
  const matched = result.status === 'VERIFIED' && result.selfie_matched === true;
  const reasons = matched ? [] : result.reasons.length > 0 ? result.reasons : (['FACE_MISMATCH'] as const);
  return { passed: matched, reasons: [...reasons], subchecks: [{ name: 'provider_selfie_match', passed: matched, score: null, threshold: null }], versions: STRIPE_VERSIONS, document: null };
}

function documentVerdict(check: IdentityCheckRow, result: ProviderResult, today: string): Verdict {
  const policy = check.policy ?? { document_kinds: 'PASSPORT,ID_CARD,DRIVING_LICENCE', countries: null, name_match: 'MODERATE' as const };
  return providerVerdict(result, {
    allowedKinds: documentKinds(policy.document_kinds),
    allowedCountries: policy.countries === null ? [] : policy.countries.split(','),
    nameMatch: policy.name_match,
    expectedName: check.recipient.name ?? '',
    today
  }, STRIPE_VERSIONS);
}

/** A session the signer abandoned or the provider cancelled: its started checks EXPIRE. */
async function expireChecks(deps: IdentityDeps, checks: IdentityCheckRow[]): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const now = deps.clock();
    for (const check of checks) {
      const locked = await deps.identity.lockById(trx, check.id);
      if (locked?.status !== 'IN_PROGRESS') continue;
      const changes = { status: identityCheckMachine.next(locked.status, 'expire'), attempt_expires_at: null, updated_at: now };
      await deps.identity.update(trx, locked.id, changes);
      await writeIdentityEvent(trx, { step: 'expired', check: { ...locked, ...changes }, requestId: null, at: now });
    }
  });
}

/**
 * POST /identity/v1/stripe/webhook: a signed event about a session. Its signature is checked (403 when it
 * does not verify), the session's result fetched from the provider (the webhook's own body is not trusted
 * for it), and each of the session's checks still open records an attempt with its verdict. An event
 * records one attempt per check, however often it comes (the attempt's id comes from the event's); events of sessions Signet did not open are acknowledged and ignored.
 */
export async function receiveProviderWebhook(deps: IdentityDeps, input: { rawBody: Buffer; headers: Record<string, string | string[] | undefined>; requestId: string }): Promise<void> {
  const stripe = stripeOf(deps);
  let event;
  try {
    event = stripe.readWebhook(input.rawBody, input.headers);
  } catch (error) {
    if (error instanceof UnhandledProviderEventError) return;
    if (error instanceof ProviderSignatureError) throw new AppError('FORBIDDEN', `The webhook's Stripe-Signature does not verify: ${error.message}`);
    throw error;
  }
  const checks = await deps.db.transaction((trx) => deps.identity.lockByProviderReference(trx, event.reference));
  const open = checks.filter((check) => check.status === 'IN_PROGRESS' || check.status === 'FAILED');
  if (open.length === 0) return;
  const result = await stripe.fetchResult(event.reference);
  if (result.status === 'PROCESSING') return;
  if (result.status === 'CANCELED') {
    await expireChecks(deps, open);
    deps.committed();
    return;
  }
  const today = deps.clock().toISOString().slice(0, 10);
  for (const check of open) {
    const verdict = check.check === 'id_check' ? documentVerdict(check, result, today) : selfieVerdict(result);
    const recording = { images: [], recipient: null, requestId: input.requestId, ip: null, userAgent: null };
    // One attempt per event and check, by its id: the same event again records nothing.
    await recordAttempt(deps, recording, { id: uuidv5(`${event.id}:${check.id}`, PROVIDER_EVENT_NAMESPACE), images: [], check }, verdict);
  }
}
