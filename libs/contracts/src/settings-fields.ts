import { LANGUAGE_CODES } from '@signet/i18n';
import { Type } from '@sinclair/typebox';
import { PUBLIC_ADDRESS_KEYWORD } from './public-address';
import { LiteralUnion } from './schema-helpers';

/** The API's settings take booleans as TRUE/FALSE strings, JSON clients send true/false; both are accepted on input. */
export const BooleanInput = Type.Union([Type.Boolean(), LiteralUnion(['TRUE', 'FALSE', 'true', 'false'])], {
  errorMessage: 'must be TRUE or FALSE'
});

/** Webhook payloads show booleans as these strings. */
export const BooleanString = LiteralUnion(['TRUE', 'FALSE']);

/** Multipart forms carry every value as a string, so an integer may also arrive as its digits. */
export const IntegerInput = (minimum: number, maximum: number) => {
  const digits = Array.from({ length: maximum - minimum + 1 }, (_, offset) => String(minimum + offset));
  return Type.Union([Type.Integer({ minimum, maximum }), LiteralUnion(digits)], {
    errorMessage: `must be an integer from ${minimum} to ${maximum}`
  });
};

export const HttpsUrl = Type.String({
  format: 'uri',
  pattern: '^https://',
  errorMessage: { format: 'must be an https URL', pattern: 'must be an https URL' }
});

/**
 * An image Signet will fetch (logo, signature background): an https URL whose host is not an IP literal
 * the image fetcher refuses (private, loopback, link-local, metadata), checked when it is saved, as webhook
 * URLs are. Names are checked again when fetched, since what they resolve to can change.
 */
export const PublicHttpsUrl = Type.String({
  format: 'uri',
  pattern: '^https://',
  [PUBLIC_ADDRESS_KEYWORD]: true,
  errorMessage: { format: 'must be an https URL', pattern: 'must be an https URL' }
});

export const HttpUrl = Type.String({
  format: 'uri',
  pattern: '^https?://',
  errorMessage: { format: 'must be an http or https URL', pattern: 'must be an http or https URL' }
});

export const Email = Type.String({ format: 'email' });

/** An origin: https with a host and an optional port, no path; plain http only for a developer's own machine. */
const ORIGIN = '(?:https://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|http://(?:localhost|127\\.0\\.0\\.1))(?::[0-9]{1,5})?';

/** signature_flow.embed_origins: the origins allowed to show the signer page in an iframe. */
export const EmbedOrigins = Type.String({
  maxLength: 2000,
  pattern: `^${ORIGIN}(?:\\s*,\\s*${ORIGIN})*$`,
  errorMessage: {
    pattern: 'must be a comma-separated list of origins such as https://app.example.com (https, no path; http only for localhost)',
    maxLength: 'must be at most 2000 characters'
  }
});

/** A logo is meant to be 100x50 pixels (a few KB); the bound keeps a data URL from bloating every payload that copies settings. */
const LOGO_MAX_LENGTH = 262_144;

const DataImageUrl = Type.String({ pattern: '^data:image/(?:png|jpeg|svg\\+xml);base64,[A-Za-z0-9+/]+={0,2}$' });

export const Logo = Type.Union([HttpsUrl, DataImageUrl], {
  maxLength: LOGO_MAX_LENGTH,
  errorMessage: { anyOf: 'must be an https URL or a data:image/(png|jpeg|svg+xml);base64 value' }
});

/** DEFAULT resets the logo on input; stored settings hold null instead. */
export const LogoInput = Type.Union([Type.Literal('DEFAULT'), HttpsUrl, DataImageUrl], {
  maxLength: LOGO_MAX_LENGTH,
  [PUBLIC_ADDRESS_KEYWORD]: true,
  errorMessage: { anyOf: 'must be an https URL, a data:image/(png|jpeg|svg+xml);base64 value, or DEFAULT' }
});

export const TEMPLATE_VARIABLES = [
  'recipient.name',
  'recipient.email',
  'validations.code',
  'envelope.name',
  'validations.expires_at'
] as const;

const templateVariable = TEMPLATE_VARIABLES.map((name) => name.replace('.', '\\.')).join('|');

/** Text outside `{{ }}` is free (HTML bodies use single braces in CSS); a `{{` must open one of the known variables. */
const TEMPLATE_PATTERN = `^(?:[^{]|\\{(?!\\{)|\\{\\{\\s*(?:${templateVariable})\\s*\\}\\})*$`;

export const TemplateString = (minLength: number, maxLength: number) =>
  Type.String({
    minLength,
    maxLength,
    pattern: TEMPLATE_PATTERN,
    errorMessage: { pattern: `may only use the variables ${TEMPLATE_VARIABLES.map((name) => `{{${name}}}`).join(', ')}` }
  });

/**
 * An SMS body: plain text with the email's template variables. 480 characters is three GSM-7 segments
 * (fewer when accents force UCS-2); a longer text would cost more than a code is worth.
 */
export const SmsTemplateString = TemplateString(1, 480);

/** How a phone validation code travels: only SMS today (a comma-separated list, so others can join). */
export const PHONE_METHODS = ['SMS'] as const;
export const PhoneMethods = LiteralUnion(PHONE_METHODS, { errorMessage: 'must be SMS' });

const signatureType = 'WRITTEN|DRAWN|UPLOADED';

/** The lookahead rejects a type listed twice, which a plain list pattern cannot. */
export const SignatureTypes = Type.String({
  pattern: `^(?!.*\\b(${signatureType})\\b.*\\b\\1\\b)(?:${signatureType})(?:,(?:${signatureType}))*$`,
  errorMessage: { pattern: 'must be a comma-separated list of WRITTEN, DRAWN, UPLOADED without repeats' }
});

const HEX_COLOR = { pattern: '^#(?:[0-9A-Fa-f]{3}){1,2}$', errorMessage: { pattern: 'must be # followed by 3 or 6 hexadecimal digits' } };

export const SignatureColor = Type.String(HEX_COLOR);

/** branding.color: the accent of the signer page and the emails (buttons, the header's rule, links). */
export const BrandingColor = Type.String(HEX_COLOR);
/** branding.color until a key sets it: the blue the signer page and the emails always had. */
export const DEFAULT_BRANDING_COLOR = '#1d4ed8';

const SIGNATURE_TYPE_VALUES = ['SIMPLE', 'FULL', 'QUALIFIED_CHILE'] as const;

export const SignatureType = LiteralUnion(SIGNATURE_TYPE_VALUES);
/** Webhook payloads also show INTERNATIONAL, which no request can set. */
export const PayloadSignatureType = LiteralUnion([...SIGNATURE_TYPE_VALUES, 'INTERNATIONAL']);
export const SignatureStyle = LiteralUnion(['SIMPLE', 'FULL']);
/**
 * signature.level: `seal` (Signet's seal over every signer's mark), `advanced` (each signer's own
 * signature, with a key made for their act and a certificate from Signet's signer CA, then the seal) or
 * `qualified` (each signer's signature made by a remote signing service, then the seal).
 */
export const SIGNATURE_LEVELS = ['seal', 'advanced', 'qualified'] as const;
export const SignatureLevel = LiteralUnion(SIGNATURE_LEVELS);
export type SignatureLevel = (typeof SIGNATURE_LEVELS)[number];
/** EN and ES as always, and the other languages of @signet/i18n by the same two-letter, upper-case codes. */
export const SignatureFlowLanguage = LiteralUnion(LANGUAGE_CODES);
export const SignatureOrder = LiteralUnion(['PARALLEL', 'SEQUENTIAL']);
export const ValidationOrder = LiteralUnion([0, 1]);

export const BrandingName = Type.String({ minLength: 1, maxLength: 100 });
export const SenderName = Type.String({ minLength: 1, maxLength: 100 });
/** signature_flow.sender_name until a key sets it: the service's own name, which emails replace by branding.name when there is one. */
export const DEFAULT_SENDER_NAME = 'Signet';
export const CustomPageId = Type.String({ minLength: 1, maxLength: 60 });
export const SignaturesPerPage = Type.Integer({ minimum: 1, maximum: 12 });
export const SignaturesPerRow = Type.Integer({ minimum: 1, maximum: 4 });

/** Where a signer's identity is checked: Signet's own offline verifier, or Stripe Identity. */
export const IDENTITY_PROVIDERS = ['local', 'stripe'] as const;
export const IdentityProvider = LiteralUnion(IDENTITY_PROVIDERS, { errorMessage: 'must be local or stripe' });

const documentKind = 'PASSPORT|ID_CARD|DRIVING_LICENCE';
/** The identity documents a signer may show, comma-separated, like signature_types. */
export const IdentityDocumentKinds = Type.String({
  pattern: `^(?!.*\\b(${documentKind})\\b.*\\b\\1\\b)(?:${documentKind})(?:,(?:${documentKind}))*$`,
  errorMessage: { pattern: 'must be a comma-separated list of PASSPORT, ID_CARD, DRIVING_LICENCE without repeats' }
});

/** Issuing countries, as identity documents name them: ICAO 9303 three-letter codes (FRA, NLD, D for Germany, USA). */
export const IdentityCountries = Type.String({
  maxLength: 1000,
  pattern: '^[A-Z]{1,3}(?:,[A-Z]{1,3})*$',
  errorMessage: { pattern: 'must be a comma-separated list of three-letter country codes as documents print them, such as FRA,NLD,USA (D for Germany)', maxLength: 'must be at most 1000 characters' }
});

export const NAME_MATCHES = ['STRICT', 'MODERATE', 'LENIENT'] as const;
export const NameMatch = LiteralUnion(NAME_MATCHES, { errorMessage: 'must be STRICT, MODERATE or LENIENT' });

/** A score threshold from 0 to 1; a multipart form carries it as its decimal digits. */
export const ThresholdInput = Type.Union(
  [Type.Number({ minimum: 0, maximum: 1 }), Type.String({ pattern: '^(?:0(?:\\.[0-9]{1,4})?|1(?:\\.0{1,4})?|\\.[0-9]{1,4})$' })],
  { errorMessage: 'must be a number from 0 to 1' }
);
export const Threshold = Type.Number({ minimum: 0, maximum: 1 });
