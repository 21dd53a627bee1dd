import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion, trimmedTextPattern } from './schema-helpers';

/*
 * The public signing API (the signer page's calls, by token). Open, as these routes have always been: a
 * field the page does not know is ignored. The service checks what a schema cannot: that the envelope
 * allows the signature type, and the image itself (decoded size, PNG or JPG, picture dimensions).
 */

/** How a recipient signs: a typed name, a drawn image or an uploaded one (settings' `signature_types` picks which). */
export const SIGNATURE_INPUT_TYPES = ['WRITTEN', 'DRAWN', 'UPLOADED'] as const;
export type SignatureInputType = (typeof SIGNATURE_INPUT_TYPES)[number];

/** A typed signature: 1-100 characters once trimmed. */
const SignatureText = Type.String({ pattern: trimmedTextPattern(100), errorMessage: 'must be 1 to 100 characters' });
/** Base64, with or without the `data:image/...;base64,` prefix a canvas gives it; empty is missing. */
const SignatureImage = Type.String({
  pattern: '^((data:image/(png|jpeg|jpg);base64,)?[A-Za-z0-9+/]+={0,2})?$',
  minLength: 1,
  errorMessage: { type: 'is required: a base64 PNG or JPG', minLength: 'is required: a base64 PNG or JPG', pattern: 'must be base64' }
});

const TYPE_MESSAGE = `must be ${SIGNATURE_INPUT_TYPES.slice(0, -1).join(', ')} or ${SIGNATURE_INPUT_TYPES[SIGNATURE_INPUT_TYPES.length - 1]}`;

const WrittenSignature = Type.Object({ type: Type.Literal('WRITTEN'), text: SignatureText });
const ImageSignature = Type.Object({ type: LiteralUnion(['DRAWN', 'UPLOADED'] as const), image: SignatureImage });
const whenType = (types: readonly SignatureInputType[]) => ({ type: 'object', required: ['type'], properties: { type: { enum: [...types] } } });

/**
 * `{type, text}` for WRITTEN (the typed name, 1-100 characters trimmed), `{type, image}` for DRAWN and
 * UPLOADED. Written as if/then rather than a union, so each problem is reported once, at its field.
 */
export const SignatureRequest = Type.Unsafe<Static<typeof WrittenSignature> | Static<typeof ImageSignature>>({
  type: 'object',
  required: ['type'],
  properties: { type: LiteralUnion(SIGNATURE_INPUT_TYPES, { errorMessage: TYPE_MESSAGE }) },
  errorMessage: { required: TYPE_MESSAGE },
  allOf: [
    { if: whenType(['WRITTEN']), then: Type.Object({ text: SignatureText }, { errorMessage: { required: 'must be 1 to 100 characters' } }) },
    { if: whenType(['DRAWN', 'UPLOADED']), then: Type.Object({ image: SignatureImage }, { errorMessage: { required: 'is required: a base64 PNG or JPG' } }) }
  ]
});
export type SignatureRequest = Static<typeof SignatureRequest>;

const CONSENT_MESSAGE = 'must be true: the recipient consents to sign electronically';

/** `fields: {<name>: value}`: the values of the recipient's fields, checked by the service against each field. */
export const FieldValuesRequest = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
  maxProperties: 500,
  description: 'Text, numbers, true/false, dates as YYYY-MM-DD, the chosen option, or an uploaded attachment id, keyed by field name',
  errorMessage: 'must map field names to text, numbers or true/false'
});

/** The code a remote signing service sent the signer, which authorizes their qualified signature (signature.level `qualified`). */
const SigningProviderCode = Type.String({
  minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$',
  description: 'signature.level qualified: the one-time code the signing provider sent the signer, passed on to it to authorize the signature',
  errorMessage: 'must be the code your signing provider sent you (letters, digits and dashes)'
});

/**
 * POST /signing/v1/:token/sign: explicit consent, the signature, and the values of the recipient's
 * fields. An APPROVER sends no signature: consent (and fields) approve.
 */
export const SignRequest = Type.Object(
  {
    consent: Type.Literal(true, { errorMessage: CONSENT_MESSAGE }),
    signature: SignatureRequest,
    fields: Type.Optional(FieldValuesRequest),
    otp: Type.Optional(SigningProviderCode)
  },
  { errorMessage: { required: { consent: CONSENT_MESSAGE } } }
);
export type SignRequest = Static<typeof SignRequest>;

/** What an APPROVER sends to POST /signing/v1/:token/sign: consent and their fields, no signature. */
export const ApproveRequest = Type.Object(
  {
    consent: Type.Literal(true, { errorMessage: CONSENT_MESSAGE }),
    fields: Type.Optional(FieldValuesRequest),
    otp: Type.Optional(SigningProviderCode)
  },
  { errorMessage: { required: { consent: CONSENT_MESSAGE } } }
);
export type ApproveRequest = Static<typeof ApproveRequest>;

/** POST /signing/v1/:token/fields/preview: some of the recipient's field values, to see how the signed document will show them. */
export const FieldPreviewRequest = Type.Object(
  { fields: FieldValuesRequest },
  { errorMessage: { required: { fields: 'is required: the values to preview, keyed by field name' } } }
);
export type FieldPreviewRequest = Static<typeof FieldPreviewRequest>;

/** POST /signing/v1/:token/reject: why the recipient declines, 1-500 characters trimmed. */
export const RejectRequest = Type.Object(
  { reason: Type.String({ pattern: trimmedTextPattern(500), errorMessage: 'must be 1 to 500 characters' }) },
  { errorMessage: { required: 'must be 1 to 500 characters' } }
);
export type RejectRequest = Static<typeof RejectRequest>;

/** POST /email/v1/bounces: a mail provider's bounce report, carrying the X-Signet-Bounce header of the bounced email. */
export const BounceRequest = Type.Object({ bounce_token: Type.String({ minLength: 1, maxLength: 200 }) });
export type BounceRequest = Static<typeof BounceRequest>;
