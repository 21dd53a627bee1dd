import { CONSUMER_DISCLOSURE_VERSION, type ConsumerConsentStatus } from '@signet/contracts';
import { AppError, hashSecretToken } from '@signet/http';
import type { Knex } from 'knex';
import type { EnvelopeDeps } from '../envelope-deps';
import { iso } from '../present/iso';
import type { SigningAccess } from '../signing/signing-access';
import { consentStore, type ConsumerConsentRow } from './consent-store';
import { consentAsked } from './disclosure';

/**
 * The signing routes' gate: where the envelope asks for consent to electronic records and signatures
 * (`signature_flow.consumer_consent`), every route of the link but the session and the consent routes
 * answers 403 CONSENT_REQUIRED, before it reads or changes anything, until the recipient has consented.
 * A link that opens nothing passes, for the route to answer 404 as it always has.
 */
export async function assertConsumerConsent(deps: Pick<EnvelopeDeps, 'db'>, token: string): Promise<void> {
  const standing = await consentStore.standing(deps.db, hashSecretToken(token));
  if (standing?.required && !standing.given) {
    throw new AppError('CONSENT_REQUIRED', 'Consent to electronic records and signatures first: read the disclosure and POST /signing/v1/:token/consent with the code in the consent document');
  }
}

/** The session's `consumer_consent` from a consent as recorded (or none yet). */
export function consentStatusOf(required: boolean, consent: ConsumerConsentRow | null): ConsumerConsentStatus {
  return {
    required,
    version: CONSUMER_DISCLOSURE_VERSION,
    given_at: consent === null ? null : iso(consent.consented_at),
    given_version: consent?.disclosure_version ?? null
  };
}

/** Where the link's recipient stands: asked or not, and their consent once given. */
export async function consumerConsentStatus(db: Knex | Knex.Transaction, access: Pick<SigningAccess, 'aggregate' | 'recipient'>): Promise<ConsumerConsentStatus> {
  const required = consentAsked(access.aggregate.envelope.settings);
  return consentStatusOf(required, required ? await consentStore.find(db, access.recipient.id) : null);
}

/** Nothing of the envelope is shown or done for the recipient until they consent, where it is asked. */
export const awaitsConsent = (status: ConsumerConsentStatus): boolean => status.required && status.given_at === null;
