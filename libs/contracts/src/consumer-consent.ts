import { Type, type Static } from '@sinclair/typebox';
import { Answer } from './responses/common-responses';
import { DateTime, Nullable } from './schema-helpers';

/**
 * The version of the consumer disclosure (@signet/i18n, `consumerConsent.*`): a recipient's consent names
 * it, and any change to the disclosure's words, in any language, gets a new version.
 */
export const CONSUMER_DISCLOSURE_VERSION = '2026-11-29';

/**
 * `consumer_consent` of the signing session: whether the envelope asks the recipient's consent to
 * electronic records and signatures (`signature_flow.consumer_consent`), the disclosure's version now, and
 * the recipient's consent once given. Always present: `required: false` for envelopes that do not ask.
 */
export const ConsumerConsentStatus = Type.Object({
  required: Type.Boolean({ description: 'The envelope asks for consent: until it is given, every signing route but the session and the consent routes answers 403 CONSENT_REQUIRED' }),
  version: Type.String({ description: 'The version of the disclosure shown now: what `disclosure_version` of POST .../consent must name', examples: [CONSUMER_DISCLOSURE_VERSION] }),
  given_at: Nullable(DateTime(), { description: 'When the recipient consented; null until then' }),
  given_version: Nullable(Type.String(), { description: 'The disclosure version the recipient consented to; null until then' })
});
export type ConsumerConsentStatus = Static<typeof ConsumerConsentStatus>;

/** POST /signing/v1/:token/consent: the code read from the consent document, and the disclosure version shown. */
export const ConsumerConsentRequest = Type.Object(
  {
    code: Type.String({
      minLength: 1, maxLength: 20,
      description: 'The code printed in the consent document (GET .../consent/document); case and spaces do not matter',
      errorMessage: { minLength: 'is required: the code printed in the consent document', maxLength: 'does not match the code in the consent document', type: 'must be the code printed in the consent document' }
    }),
    disclosure_version: Type.String({ minLength: 1, maxLength: 50, description: 'The disclosure version the recipient was shown (the session\'s `consumer_consent.version`)' })
  },
  { additionalProperties: false }
);
export type ConsumerConsentRequest = Static<typeof ConsumerConsentRequest>;

/** The answer to POST /signing/v1/:token/consent: the session's `consumer_consent` as it now stands. */
export const ConsumerConsentResponse = Answer({ success: Type.Literal(true), consumer_consent: ConsumerConsentStatus });
export type ConsumerConsentResponse = Static<typeof ConsumerConsentResponse>;

/**
 * `consumer_consent` of the recipient.consented and recipient.consent_withdrawn events: the version
 * consented to and when (null on a withdrawal without a prior consent), and when it was withdrawn.
 */
export const ConsumerConsentDetails = Type.Object({
  disclosure_version: Nullable(Type.String()),
  consented_at: Nullable(DateTime()),
  withdrawn_at: Type.Optional(DateTime())
});
export type ConsumerConsentDetails = Static<typeof ConsumerConsentDetails>;
