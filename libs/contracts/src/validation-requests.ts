import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema-helpers';
import { IdentityGateStatus } from './identity';

/** Where a validation code travels: the recipient's email or, with phone validation, an SMS to their phone. */
export const VALIDATION_CHANNELS = ['email', 'sms'] as const;
export type ValidationChannel = (typeof VALIDATION_CHANNELS)[number];

const Channel = LiteralUnion(VALIDATION_CHANNELS, { errorMessage: 'must be email or sms' });

/**
 * POST .../recipients/:recipient_id/validations/send_code: no body, which means email, or
 * `{channel}`. The signing API's POST /signing/v1/:token/validation/send_code takes the same body.
 */
export const SendCodeRequest = Type.Object({ channel: Type.Optional(Channel) }, { additionalProperties: false });
export type SendCodeRequest = Static<typeof SendCodeRequest>;

/** POST .../recipients/:recipient_id/validations/verify_code: a string, so leading zeros survive; the channel defaults to email. */
export const VerifyCodeRequest = Type.Object(
  {
    code: Type.String({ pattern: '^[0-9]{6}$', errorMessage: 'must be the 6-digit code, as a string' }),
    channel: Type.Optional(Channel)
  },
  { additionalProperties: false }
);
export type VerifyCodeRequest = Static<typeof VerifyCodeRequest>;

/** 200 of send_code: when the new code stops working (30 minutes ahead). */
export const SendCodeResponse = Type.Object({ success: Type.Literal(true), expires_at: Type.String({ format: 'date-time' }), request_id: Type.String() });
export type SendCodeResponse = Static<typeof SendCodeResponse>;

/** 200 of verify_code. */
export const VerifyCodeResponse = Type.Object({ success: Type.Literal(true), verified_at: Type.String({ format: 'date-time' }), request_id: Type.String() });
export type VerifyCodeResponse = Static<typeof VerifyCodeResponse>;

/** One channel of the signing-flow gate: whether it is asked for, where (0 before the documents, 1 before signing), whether passed. */
export const ValidationChannelStatus = Type.Object({
  required: Type.Boolean(),
  order: Type.Integer({ minimum: 0, maximum: 1 }),
  verified: Type.Boolean(),
  verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()])
});
export type ValidationChannelStatus = Static<typeof ValidationChannelStatus>;

/**
 * GET /internal/validations/.../status, and the `validation` of the signing session: each channel, plus
 * the summary the gate needs (`required` when any channel is, `verified` when some is and every required one is).
 */
export const ValidationStatus = Type.Object({
  required: Type.Boolean(),
  /** Where the gate stands: the lowest order of the required channels still unverified, else of the required ones (0 when none is). */
  order: Type.Integer({ minimum: 0, maximum: 1 }),
  verified: Type.Boolean(),
  /** When the last required channel was verified, once all are; else null. */
  verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  channels: Type.Object({ email: ValidationChannelStatus, sms: ValidationChannelStatus, id_check: IdentityGateStatus, biometric: IdentityGateStatus }),
  /** The identity checks' consent: asked for before the first of them, once per recipient. */
  identity_consent: Type.Object({
    required: Type.Boolean(),
    /** The version of the consent text to show and send back. */
    version: Type.String(),
    given_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()])
  })
});
export type ValidationStatus = Static<typeof ValidationStatus>;

/**
 * A text message's delivery status as the SMS provider reports it (Twilio's MessageStatus for outgoing
 * messages), in the order a message moves through them; the last four are final.
 */
export const SMS_DELIVERY_STATUSES = ['accepted', 'scheduled', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'canceled'] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

/**
 * POST /sms/v1/status: the SMS provider's delivery report (Twilio's status callback), form-encoded and
 * signed in X-Twilio-Signature. The provider sends more fields (AccountSid, From, To, ApiVersion...): they
 * are signed with the rest and otherwise ignored.
 */
export const SmsStatusCallback = Type.Object(
  {
    MessageSid: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: "The provider's id of the message, as it answered the send (Twilio's `SM...`)", errorMessage: 'must be the provider\'s message id' }),
    MessageStatus: LiteralUnion(SMS_DELIVERY_STATUSES, { description: 'Where the message is now', errorMessage: `must be one of ${SMS_DELIVERY_STATUSES.join(', ')}` }),
    ErrorCode: Type.Optional(Type.String({ pattern: '^[0-9]{0,10}$', description: 'The provider\'s error code of an undelivered or failed message (e.g. 30003, unreachable)', errorMessage: 'must be a number' }))
  },
  { additionalProperties: true }
);
export type SmsStatusCallback = Static<typeof SmsStatusCallback>;

/**
 * The version of the identity checks' consent text (@signet/i18n, `identity.consent*`): a signer's consent
 * names it, and a new text gets a new version.
 */
export const IDENTITY_CONSENT_VERSION = '2026-11-29';

const OFF_CHANNEL = { required: false, order: 0, verified: false, verified_at: null };
const OFF_IDENTITY = { ...OFF_CHANNEL, status: 'PENDING', provider: 'local', attempts_left: 0, reasons: [] } as const;

/** The gate of a recipient nothing is asked of. */
export const NO_VALIDATION: ValidationStatus = {
  required: false,
  order: 0,
  verified: false,
  verified_at: null,
  channels: { email: OFF_CHANNEL, sms: OFF_CHANNEL, id_check: { ...OFF_IDENTITY, reasons: [] }, biometric: { ...OFF_IDENTITY, reasons: [] } },
  identity_consent: { required: false, version: IDENTITY_CONSENT_VERSION, given_at: null }
};
