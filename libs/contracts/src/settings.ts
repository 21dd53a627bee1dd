import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { LANGUAGE_KEYS } from '@signet/i18n';
import { Nullable } from './schema-helpers';
import {
  BooleanInput,
  BooleanString,
  BrandingColor,
  BrandingName,
  CustomPageId,
  Email,
  EmbedOrigins,
  HttpUrl,
  HttpsUrl,
  PublicHttpsUrl,
  IntegerInput,
  Logo,
  LogoInput,
  PayloadSignatureType,
  SenderName,
  SignatureColor,
  SignatureFlowLanguage,
  SignatureOrder,
  SignatureLevel,
  SignatureStyle,
  SignatureType,
  SignatureTypes,
  SignaturesPerPage,
  SignaturesPerRow,
  TemplateString,
  PhoneMethods,
  SmsTemplateString,
  IdentityProvider,
  IdentityDocumentKinds,
  IdentityCountries,
  NameMatch,
  ThresholdInput,
  Threshold,
  ValidationOrder
} from './settings-fields';

export const SETTINGS_CATEGORIES = [
  'branding',
  'documents',
  'emails',
  'localization',
  'signature',
  'signature_flow',
  'validations'
] as const;

export type SettingsCategory = (typeof SETTINGS_CATEGORIES)[number];

/*
 * Input form: what PUT /api/v1/settings and an envelope's `settings[...]` accept. Closed everywhere, so a
 * misspelt field is an error instead of a silently ignored setting; every field optional, null resets it.
 */

const Closed = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });
const Resettable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

const IdentityCommonInput = {
  enabled: Resettable(BooleanInput),
  order: Resettable(IntegerInput(0, 1)),
  provider: Resettable(IdentityProvider),
  max_attempts: Resettable(IntegerInput(1, 10)),
  retention_days: Resettable(IntegerInput(1, 365))
};
export const IdCheckSettingsInput = Closed({
  ...IdentityCommonInput,
  document_kinds: Resettable(IdentityDocumentKinds),
  countries: Resettable(IdentityCountries),
  name_match: Resettable(NameMatch)
});
export const BiometricSettingsInput = Closed({
  ...IdentityCommonInput,
  similarity_threshold: Resettable(ThresholdInput),
  antispoof_threshold: Resettable(ThresholdInput),
  liveness_threshold: Resettable(ThresholdInput)
});

/** A key of settings.localization: a language of @signet/i18n in lower case. */
const LocalizationKey = Type.String({ pattern: `^(${LANGUAGE_KEYS.join('|')})$` });

const LocalizationEntryInput = Closed({
  extra_page_intro: Resettable(TemplateString(0, 2000)),
  emails: Type.Optional(
    Closed({
      email_validation: Type.Optional(
        Closed({
          subject: Resettable(TemplateString(1, 200)),
          body: Resettable(TemplateString(1, 20000)),
          cta: Resettable(TemplateString(1, 100))
        })
      )
    })
  ),
  sms: Type.Optional(Closed({ phone_validation: Type.Optional(Closed({ body: Resettable(SmsTemplateString) })) }))
});

export const SettingsInput = Closed({
  branding: Type.Optional(
    Closed({
      logo: Resettable(LogoInput),
      url_homepage: Resettable(HttpUrl),
      url_signature_flow: Resettable(HttpsUrl),
      name: Resettable(BrandingName),
      reply_to: Resettable(Email),
      sender_email: Resettable(Email),
      color: Resettable(BrandingColor)
    })
  ),
  documents: Type.Optional(
    Closed({
      document_id_enabled: Resettable(BooleanInput),
      custom_page_id: Resettable(CustomPageId),
      signatures_per_page: Resettable(IntegerInput(1, 12)),
      signatures_per_row: Resettable(IntegerInput(1, 4))
    })
  ),
  emails: Type.Optional(
    Closed({
      envelope_invitation: Resettable(BooleanInput),
      envelope_voided: Resettable(BooleanInput),
      envelope_rejected: Resettable(BooleanInput),
      envelope_signed: Resettable(BooleanInput),
      envelope_expired: Resettable(BooleanInput),
      envelope_reminder: Resettable(BooleanInput)
    })
  ),
  // One entry schema for every language key (en, es, fr, ... ar), so the OpenAPI document holds it once.
  localization: Type.Optional(Type.Record(LocalizationKey, LocalizationEntryInput, { additionalProperties: false })),
  signature: Type.Optional(
    Closed({
      type: Resettable(SignatureType),
      style: Resettable(SignatureStyle),
      bg_image: Resettable(PublicHttpsUrl),
      level: Resettable(SignatureLevel)
    })
  ),
  signature_flow: Type.Optional(
    Closed({
      language: Resettable(SignatureFlowLanguage),
      sender_name: Resettable(SenderName),
      signature_order: Resettable(SignatureOrder),
      signature_types: Resettable(SignatureTypes),
      signature_color: Resettable(SignatureColor),
      embed_origins: Resettable(EmbedOrigins),
      redirect_url: Resettable(HttpsUrl),
      consumer_consent: Resettable(BooleanInput),
      expire_after_days: Resettable(IntegerInput(1, 365)),
      expiry_warning_days: Resettable(IntegerInput(1, 30)),
      reminders: Type.Optional(
        Closed({
          first_after_days: Resettable(IntegerInput(1, 60)),
          every_days: Resettable(IntegerInput(1, 60)),
          max: Resettable(IntegerInput(0, 10))
        })
      )
    })
  ),
  validations: Type.Optional(
    Closed({
      email: Type.Optional(Closed({ enabled: Resettable(BooleanInput), order: Resettable(IntegerInput(0, 1)) })),
      phone: Type.Optional(Closed({ enabled: Resettable(BooleanInput), order: Resettable(IntegerInput(0, 1)), methods: Resettable(PhoneMethods) })),
      id_check: Type.Optional(IdCheckSettingsInput),
      biometric: Type.Optional(BiometricSettingsInput)
    })
  )
});

export type SettingsInput = Static<typeof SettingsInput>;

/**
 * POST /internal/settings/effective `{settings?}` (envelope service to settings service): an envelope's own
 * overrides, checked like PUT /api/v1/settings, so errors name `settings.<field>`.
 */
export const EffectiveSettingsRequest = Closed({ settings: Type.Optional(SettingsInput) });
export type EffectiveSettingsRequest = Static<typeof EffectiveSettingsRequest>;

/*
 * Canonical form: stored per API key and returned by GET /api/v1/settings. Every field present and typed,
 * so no reader has to know about defaults or string booleans. Open to extra properties, like every output,
 * so a field can be added without breaking older readers.
 */

const SettingsBranding = Type.Object({
  logo: Nullable(Logo),
  url_homepage: Nullable(HttpUrl),
  url_signature_flow: Nullable(HttpsUrl),
  name: Nullable(BrandingName),
  reply_to: Nullable(Email),
  sender_email: Nullable(Email),
  /** The accent of the signer page and the emails; envelopes stored before it lack it (read as the default). */
  color: Type.Optional(BrandingColor)
});

const LocalizationEntry = Type.Object({
  extra_page_intro: TemplateString(0, 2000),
  emails: Type.Object({
    email_validation: Type.Object({
      subject: TemplateString(1, 200),
      body: TemplateString(1, 20000),
      cta: TemplateString(1, 100)
    })
  }),
  /**
   * The text of the SMS that carries a phone validation code: plain text, the email's variables. Always
   * present in stored key settings; optional because envelopes stored before phone validation lack it.
   */
  sms: Type.Optional(Type.Object({ phone_validation: Type.Object({ body: SmsTemplateString }) }))
});

/**
 * English and Spanish always, as before; another language only once a key or an envelope customised it
 * (complete then, its other fields from that language's defaults), so settings stay small and a reader
 * asks `localizationFor` rather than indexing. The defaults of every language come from @signet/i18n.
 */
const SettingsLocalization = Type.Object(
  { en: LocalizationEntry, es: LocalizationEntry },
  { patternProperties: { [LocalizationKey.pattern as string]: LocalizationEntry } }
);

/** When a recipient whose turn it is gets reminded: first after so many days, then every so many, at most `max` (0: never). */
export const ReminderSettings = Type.Object({
  first_after_days: Type.Integer({ minimum: 1, maximum: 60 }),
  every_days: Type.Integer({ minimum: 1, maximum: 60 }),
  max: Type.Integer({ minimum: 0, maximum: 10 })
});
export type ReminderSettings = Static<typeof ReminderSettings>;

const SettingsSignatureFlow = Type.Object({
  language: SignatureFlowLanguage,
  sender_name: SenderName,
  signature_order: SignatureOrder,
  signature_types: SignatureTypes,
  signature_color: SignatureColor
});

/** validations.id_check: the identity document check (docs/identity-checks.md). */
export const IdCheckSettings = Type.Object({
  enabled: Type.Boolean(),
  order: ValidationOrder,
  provider: IdentityProvider,
  document_kinds: IdentityDocumentKinds,
  /** Null: documents of any country. */
  countries: Nullable(IdentityCountries),
  name_match: NameMatch,
  max_attempts: Type.Integer({ minimum: 1, maximum: 10 }),
  retention_days: Type.Integer({ minimum: 1, maximum: 365 })
});
export type IdCheckSettings = Static<typeof IdCheckSettings>;

/** validations.biometric: the selfie compared with the identity document's portrait. */
export const BiometricSettings = Type.Object({
  enabled: Type.Boolean(),
  order: ValidationOrder,
  provider: IdentityProvider,
  max_attempts: Type.Integer({ minimum: 1, maximum: 10 }),
  retention_days: Type.Integer({ minimum: 1, maximum: 365 }),
  similarity_threshold: Threshold,
  antispoof_threshold: Threshold,
  liveness_threshold: Threshold
});
export type BiometricSettings = Static<typeof BiometricSettings>;

/** What every key has until it sets otherwise, and what an envelope stored before identity checks reads. */
export const DEFAULT_ID_CHECK: IdCheckSettings = {
  enabled: false, order: 0, provider: 'local', document_kinds: 'PASSPORT,ID_CARD,DRIVING_LICENCE', countries: null,
  name_match: 'MODERATE', max_attempts: 3, retention_days: 30
};
/** The thresholds are those calibrated for the local verifier (libs/identity/README.md). */
export const DEFAULT_BIOMETRIC: BiometricSettings = {
  enabled: false, order: 0, provider: 'local', max_attempts: 3, retention_days: 30,
  similarity_threshold: 0.7, antispoof_threshold: 0.3, liveness_threshold: 0.4
};

export const Settings = Type.Object({
  branding: SettingsBranding,
  documents: Type.Object({
    document_id_enabled: Type.Boolean(),
    custom_page_id: CustomPageId,
    signatures_per_page: SignaturesPerPage,
    signatures_per_row: SignaturesPerRow
  }),
  emails: Type.Object({
    envelope_invitation: Type.Boolean(),
    envelope_voided: Type.Boolean(),
    envelope_rejected: Type.Boolean(),
    envelope_signed: Type.Boolean(),
    /** Envelopes stored before expiry and reminders existed lack both (read as true). */
    envelope_expired: Type.Optional(Type.Boolean()),
    envelope_reminder: Type.Optional(Type.Boolean())
  }),
  localization: SettingsLocalization,
  /** Envelopes stored before signature levels existed lack `level` (read as `seal`). */
  signature: Type.Object({ type: SignatureType, style: SignatureStyle, bg_image: Nullable(HttpsUrl), level: Type.Optional(SignatureLevel) }),
  /**
   * embed_origins (comma-separated origins allowed to frame the signer page) and redirect_url (where the
   * page goes after signing or rejecting) are Signet's own; envelopes stored before them lack both (read as null).
   */
  signature_flow: Type.Object({
    ...SettingsSignatureFlow.properties,
    embed_origins: Nullable(EmbedOrigins),
    redirect_url: Nullable(HttpsUrl),
    /** Expiry and reminders (docs/integrating.md); envelopes stored before them lack these (read as the defaults). */
    expire_after_days: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 365 }))),
    expiry_warning_days: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 30 }))),
    reminders: Type.Optional(ReminderSettings),
    /**
     * The recipient consents to electronic records and signatures (the US ESIGN Act's consumer disclosure)
     * before anything else; envelopes stored before it lack it (read as false).
     */
    consumer_consent: Type.Optional(Type.Boolean())
  }),
  validations: Type.Object({
    email: Type.Object({ enabled: Type.Boolean(), order: ValidationOrder }),
    phone: Type.Object({ enabled: Type.Boolean(), order: ValidationOrder, methods: PhoneMethods }),
    /** Envelopes stored before identity checks existed lack both (read as off). */
    id_check: Type.Optional(IdCheckSettings),
    biometric: Type.Optional(BiometricSettings)
  })
});

export type Settings = Static<typeof Settings>;

/*
 * Payload form: settings as they appear inside envelope webhook payloads, with string booleans and
 * the fields customers see there although no operation sets them.
 */

const IdentityPayloadCommon = { enabled: BooleanString, order: ValidationOrder, provider: IdentityProvider, max_attempts: Type.Integer(), retention_days: Type.Integer() };

export const SettingsPayload = Type.Object({
  /** color is always shown (the default for envelopes stored before it existed). */
  branding: Type.Object({ ...SettingsBranding.properties, color: BrandingColor }),
  documents: Type.Object({
    include_page_id: BooleanString,
    custom_page_id: CustomPageId,
    signatures_per_page: SignaturesPerPage,
    signatures_per_row: SignaturesPerRow
  }),
  emails: Type.Object({
    envelope_invitation: BooleanString,
    envelope_voided: BooleanString,
    envelope_rejected: BooleanString,
    envelope_signed: BooleanString
  }),
  localization: SettingsLocalization,
  signature: Type.Object({
    type: PayloadSignatureType,
    style: SignatureStyle,
    bg_image: Nullable(HttpsUrl),
    level: SignatureLevel,
    image: Type.String(),
    text: Type.String()
  }),
  signature_flow: Type.Object({ ...SettingsSignatureFlow.properties, sender_enterprise: Nullable(Type.String()) }),
  validations: Type.Object({
    email: Type.Object({ enabled: BooleanString, order: ValidationOrder }),
    phone: Type.Object({ enabled: BooleanString, order: ValidationOrder, methods: Type.String() }),
    id_check: Type.Object({ ...IdentityPayloadCommon, document_kinds: Type.String(), countries: Nullable(Type.String()), name_match: NameMatch }),
    biometric: Type.Object({ ...IdentityPayloadCommon, similarity_threshold: Type.Number(), antispoof_threshold: Type.Number(), liveness_threshold: Type.Number() })
  })
});

export type SettingsPayload = Static<typeof SettingsPayload>;

/** A recipient's own identity settings (recipients[k][validations]), over the envelope's: id_check and biometric only. */
export const RecipientValidationsInput = Closed({
  id_check: Type.Optional(IdCheckSettingsInput),
  biometric: Type.Optional(BiometricSettingsInput)
});
export type RecipientValidationsInput = Static<typeof RecipientValidationsInput>;

/** The same, canonical (booleans and numbers), as a recipient keeps them. */
export interface RecipientValidations {
  id_check?: Partial<IdCheckSettings>;
  biometric?: Partial<BiometricSettings>;
}

function canonicalCheck(input: Record<string, unknown>): Record<string, unknown> {
  const canonical: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    // null resets a setting: for a recipient, to the envelope's.
    if (value === null || value === undefined) continue;
    if (name === 'enabled') canonical[name] = value === true || value === 'TRUE' || value === 'true';
    else if (/^(order|max_attempts|retention_days)$|_threshold$/.test(name)) canonical[name] = Number(value);
    else canonical[name] = value;
  }
  return canonical;
}

/** A recipient's checked input in canonical form; null when it sets nothing. */
export function recipientValidationsOf(input: RecipientValidationsInput | undefined): RecipientValidations | null {
  if (!input) return null;
  const result: RecipientValidations = {};
  if (input.id_check) result.id_check = canonicalCheck(input.id_check) as Partial<IdCheckSettings>;
  if (input.biometric) result.biometric = canonicalCheck(input.biometric) as Partial<BiometricSettings>;
  return Object.keys(result).length === 0 ? null : result;
}

/** The validations a recipient is held to: the envelope's, with the recipient's own identity settings over them. */
export function validationsFor(validations: Settings['validations'], own: RecipientValidations | null | undefined): Settings['validations'] {
  if (!own) return validations;
  return {
    ...validations,
    id_check: { ...(validations.id_check ?? DEFAULT_ID_CHECK), ...own.id_check },
    biometric: { ...(validations.biometric ?? DEFAULT_BIOMETRIC), ...own.biometric }
  };
}
