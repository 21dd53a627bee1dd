import { CONSUMER_DISCLOSURE_VERSION, ConsumerConsentRequest, type ConsumerConsentStatus } from '@signet/contracts';
import { AppError, parseWith, validationError } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { writeRecipientEvent } from '../envelope-events';
import { iso } from '../present/iso';
import { loadSigningAccess } from '../signing/signing-access';
import { assertReady, type SignerIdentity } from '../signing/signing-state';
import { consentStatusOf } from './consent-gate';
import { consentStore, type ConsumerConsentRow } from './consent-store';
import { consentAsked, disclosureFor } from './disclosure';

export interface GiveConsentInput {
  token: string;
  /** The signer's JSON body as it came: `{code, disclosure_version}`. */
  body: unknown;
  identity: SignerIdentity;
  requestId: string;
}

export const NOT_ASKED = () => new AppError('CONFLICT', 'This envelope does not ask for consent to electronic records and signatures');

/**
 * POST /signing/v1/:token/consent (public): the recipient consents to electronic records and signatures
 * with the code of their consent document, which shows they can open a PDF. A wrong code or a disclosure
 * version other than today's is a 422 naming the field, and nothing is recorded. The consent (version,
 * language, the text's SHA-256, Signet's time, the signer's IP and user agent) and recipient.consented
 * commit together; consenting again answers the consent already given.
 */
export async function giveConsumerConsent(deps: EnvelopeDeps, { token, body, identity, requestId }: GiveConsentInput): Promise<ConsumerConsentStatus> {
  const request = parseWith(ConsumerConsentRequest, body ?? {});
  const now = deps.clock();
  const { status, recorded } = await deps.db.transaction(async (trx) => {
    const access = await loadSigningAccess(deps, trx, token, { forUpdate: true });
    const { envelope } = access.aggregate;
    if (!consentAsked(envelope.settings)) throw NOT_ASKED();
    if (!deps.consentCodes.matches(access.recipient.id, request.code)) throw validationError([{ field: 'code', message: 'does not match the code in the consent document' }]);
    const given = await consentStore.find(trx, access.recipient.id);
    if (given !== null) return { status: consentStatusOf(true, given), recorded: false };
    assertReady(access);
    if (request.disclosure_version !== CONSUMER_DISCLOSURE_VERSION) {
      throw validationError([{ field: 'disclosure_version', message: `the disclosure has changed (now version ${CONSUMER_DISCLOSURE_VERSION}): show it again` }]);
    }
    const disclosure = disclosureFor(envelope.settings, access.recipient.language);
    const row: ConsumerConsentRow = {
      recipient_id: access.recipient.id, envelope_id: envelope.id, disclosure_version: disclosure.version, language: disclosure.language.code,
      text_sha256: disclosure.sha256, ...identity, consented_at: now
    };
    await consentStore.insert(trx, row);
    const details = { disclosure_version: row.disclosure_version, consented_at: iso(now) };
    await writeRecipientEvent(trx, 'recipient.consented', access.recipient, envelope.api_key_id, { tenantId: envelope.tenant_id, requestId }, now, { ...identity, consumer_consent: details });
    return { status: consentStatusOf(true, row), recorded: true };
  });
  if (recorded) deps.relay.wake();
  return status;
}
