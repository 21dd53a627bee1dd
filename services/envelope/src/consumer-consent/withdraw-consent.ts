import type { EnvelopeDeps } from '../envelope-deps';
import { iso } from '../present/iso';
import { recordRejection } from '../signing/reject-envelope';
import { loadSigningAccess } from '../signing/signing-access';
import type { SignerIdentity } from '../signing/signing-state';
import { consentStore } from './consent-store';
import { consentAsked } from './disclosure';
import { NOT_ASKED } from './give-consent';

/** The rejection's reason, as recipient.rejected and the evidence give it. */
export const WITHDRAWN_CONSENT_REASON = 'Withdrew consent to electronic records and signatures';

/**
 * POST /signing/v1/:token/consent/withdraw (public): the recipient withdraws their consent, or refuses
 * it before giving it. Without consent they cannot sign, so this is declining: the reject route's
 * rejection (their turn only, never a VIEWER), with recipient.consent_withdrawn first (the consent it ends,
 * if any), then recipient.rejected and envelope.voided. The consent row stays as evidence.
 */
export async function withdrawConsumerConsent(deps: EnvelopeDeps, { token, identity, requestId }: { token: string; identity: SignerIdentity; requestId: string }): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const access = await loadSigningAccess(deps, trx, token, { forUpdate: true });
    if (!consentAsked(access.aggregate.envelope.settings)) throw NOT_ASKED();
    const given = await consentStore.find(trx, access.recipient.id);
    const consumerConsent = { disclosure_version: given?.disclosure_version ?? null, consented_at: given ? iso(given.consented_at) : null, withdrawn_at: iso(now) };
    await recordRejection(deps, trx, access, {
      reason: WITHDRAWN_CONSENT_REASON, identity, requestId, now,
      cause: { eventType: 'recipient.consent_withdrawn', extra: { consumer_consent: consumerConsent } }
    });
  });
  deps.relay.wake();
}
