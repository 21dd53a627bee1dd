import { EVENT_TYPES, type IdentityCheckView } from '@signet/contracts';
import { translator, type Language, type MessageKey } from '@signet/i18n';
import type { EnvelopeIdentity, RecipientIdentity } from './identity-client';

type Obj = Record<string, unknown>;

/** The events the identity checks leave on the timeline: every step of either check, the consent, a redaction. */
export const IDENTITY_EVENT_TYPES: readonly string[] = EVENT_TYPES.filter((type) => /^recipient\.validation_(id_check|biometric|identity)_/.test(type));

function enabled(value: unknown): boolean {
  return value === true || value === 'TRUE' || value === 'true';
}

function checksOn(validations: unknown): boolean {
  const of = (validations ?? {}) as Obj;
  return enabled(((of.id_check ?? {}) as Obj).enabled) || enabled(((of.biometric ?? {}) as Obj).enabled);
}

/**
 * Whether the envelope's settings (its latest snapshot) turn on the ID document or the selfie check, or a
 * recipient's own settings do where the snapshot carries them (a recipient held to a check leaves identity
 * events on the timeline in any case).
 */
export function identitySettingsEnabled(envelope: Obj): boolean {
  const recipients = Array.isArray(envelope.recipients) ? (envelope.recipients as Obj[]) : [];
  return checksOn(((envelope.settings ?? {}) as Obj).validations) || recipients.some((recipient) => checksOn(recipient.validations));
}

/**
 * Whether the sheet must show identity records: the settings enable a check, or the timeline holds an
 * identity event (an assertion or a manual pass can exist with both checks off).
 */
export function identityNeeded(envelope: Obj, timeline: ReadonlyArray<{ event_type: string }>): boolean {
  return identitySettingsEnabled(envelope) || timeline.some((entry) => IDENTITY_EVENT_TYPES.includes(entry.event_type));
}

/** Whether a recipient's record holds anything to show. */
export function hasIdentityRecord(record: RecipientIdentity): boolean {
  return record.consent !== null || record.id_check !== null || record.biometric !== null;
}

/** What the sheet's Identity checks block writes with: lines and fields at a nesting level. */
export interface IdentitySectionWriter {
  line(text: string, options?: { bold?: boolean; level?: number }): void;
  field(label: string, value: unknown, level?: number): void;
  /**
   * A value on a line of its own under its label: a SHA-256 (never broken across lines), or text in another
   * script than the sheet's (an English assurance statement under an Arabic label reads in its own order).
   */
  below(label: string, value: string, level?: number): void;
  time(value: unknown): string;
}

/** The records by recipient id, and those of recipients the envelope no longer lists (written after the others, never dropped). */
export function identityByRecipient(identity: EnvelopeIdentity | null, recipientIds: readonly unknown[]): { of: (id: unknown) => RecipientIdentity | undefined; unlisted: RecipientIdentity[] } {
  const records = (identity?.recipients ?? []).filter(hasIdentityRecord);
  const byId = new Map(records.map((record) => [record.recipient_id, record]));
  return {
    of: (id) => (typeof id === 'string' ? byId.get(id) : undefined),
    unlisted: records.filter((record) => !recipientIds.includes(record.recipient_id))
  };
}

/**
 * One recipient's Identity checks block: the consent (version, time, hash of the text shown) and each
 * check with its method, provider, assurance as the record states it, outcome and time, the masked
 * document, a manual pass or an assertion, retention and deletion of the images, and every attempt with
 * its reasons, sub-checks (score and threshold where present), engine and model versions and the SHA-256
 * of each image. The record holds no image, name or full document number, and neither does the sheet.
 */
export function writeIdentityBlock(record: RecipientIdentity, language: Language, writer: IdentitySectionWriter): void {
  const t = translator(language);
  const l = (key: string, values?: Record<string, string | number>) => t(`identity.evidence.${key}` as MessageKey, values);
  writer.line(l('heading'), { bold: true, level: 0 });

  const hashes = [record.id_check, record.biometric].some((check) => check?.attempts.some((attempt) => attempt.images.length > 0));
  if (hashes) writer.line(l('imagesNote'), { level: 1 });

  if (record.consent) {
    writer.field(l('consentVersion'), record.consent.version, 1);
    writer.field(l('consentGivenAt'), writer.time(record.consent.given_at), 1);
    writer.below(l('consentTextHash'), record.consent.text_sha256, 1);
  }

  for (const check of [record.id_check, record.biometric]) {
    if (check) writeCheck(check, l, writer);
  }
}

type Label = (key: string, values?: Record<string, string | number>) => string;

function providerOf(check: IdentityCheckView, l: Label): string | null {
  if (check.method === 'local') return 'Signet';
  if (check.method === 'stripe') return l('method.stripe');
  if (check.method === 'assertion') return check.assertion?.provider ?? null;
  return null;
}

/**
 * An attempt's document on one line. Each value is an isolate (U+2068 ... U+2069, not drawn) taking its
 * direction from its own first letter: in a right-to-left line a date or a masked number keeps its order.
 */
function documentLine(document: NonNullable<IdentityCheckView['document']>, l: Label): string {
  const own = (value: string) => `\u2068${value}\u2069`;
  return [l(`kind.${document.kind}`), own(document.country), own(document.number_masked), `${l('expiresOn')} ${own(document.expires_on)}`, `${l('readFrom')} ${own(document.read_from)}`].join(' · ');
}

function writeCheck(check: IdentityCheckView, l: Label, writer: IdentitySectionWriter): void {
  writer.line(l(`check.${check.check}`), { bold: true, level: 1 });
  writer.field(l('method'), `${l(`method.${check.method}`)} (${check.method})`, 2);
  const provider = providerOf(check, l);
  if (provider !== null) writer.field(l('provider'), provider, 2);
  if (check.provider_reference !== null) writer.field(l('providerReference'), check.provider_reference, 2);
  writer.below(l('assurance'), check.assurance, 2);
  writer.field(l('outcome'), l(`status.${check.status}`), 2);
  writer.field(l('decidedAt'), writer.time(check.decided_at), 2);
  writer.field(l('attempts'), l('attemptsOf', { used: String(check.attempts_used), max: String(check.max_attempts) }), 2);

  if (check.document) {
    writer.field(l('document'), l(`kind.${check.document.kind}`), 2);
    writer.field(l('country'), check.document.country, 2);
    writer.field(l('number'), check.document.number_masked, 2);
    writer.field(l('expiresOn'), check.document.expires_on, 2);
    writer.field(l('readFrom'), check.document.read_from, 2);
  }

  if (check.manual) {
    writer.line(l('manual'), { bold: true, level: 2 });
    writer.field(l('apiKey'), check.manual.api_key_id, 3);
    writer.below(l('reason'), check.manual.reason, 3);
  }

  if (check.assertion) {
    writer.line(l('assertion'), { bold: true, level: 2 });
    writer.field(l('assertionProvider'), check.assertion.provider, 3);
    writer.field(l('reference'), check.assertion.reference, 3);
    writer.field(l('level'), check.assertion.level, 3);
    writer.field(l('verifiedAt'), writer.time(check.assertion.verified_at), 3);
    writer.field(l('apiKey'), check.assertion.api_key_id, 3);
  }

  // Retention and deletion concern images: a check that never had any (an assertion, a pass by hand alone) has neither.
  if (check.images_purged_at !== null || check.attempts.some((attempt) => attempt.images.length > 0)) {
    writer.field(l('retention'), l('retentionDays', { days: check.retention_days }), 2);
    writer.field(l('imagesPurgedAt'), check.images_purged_at === null ? l('notPurged') : writer.time(check.images_purged_at), 2);
  }

  for (const attempt of check.attempts) {
    writer.line(l('attempt', { number: String(attempt.number), outcome: l(`status.${attempt.outcome}`), when: writer.time(attempt.created_at) }), { bold: true, level: 2 });
    if (attempt.reasons.length > 0) writer.field(l('reasons'), attempt.reasons.join(', '), 3);
    if (attempt.document) writer.field(l('document'), documentLine(attempt.document, l), 3);
    if (attempt.subchecks.length > 0) {
      writer.line(l('subchecks'), { bold: true, level: 3 });
      for (const subcheck of attempt.subchecks) {
        // Scores and thresholds as recorded (not in the language's digits or rounding), each where present.
        writer.line(l('subcheck', {
          name: subcheck.name, outcome: l(subcheck.passed ? 'subcheck.passed' : 'subcheck.failed'),
          hasScore: subcheck.score === null ? 'no' : 'yes', score: String(subcheck.score ?? ''),
          hasThreshold: subcheck.threshold === null ? 'no' : 'yes', threshold: String(subcheck.threshold ?? '')
        }), { level: 4 });
      }
    }
    // One engine or model a line: a local check names a dozen (packages, models with their hashes).
    writer.line(l('versions'), { bold: true, level: 3 });
    const versions = Object.entries(attempt.versions);
    if (versions.length === 0) writer.line('-', { level: 4 });
    for (const [name, version] of versions) writer.line(`\u2068${name} ${version}\u2069`, { level: 4 });
    if (attempt.images.length > 0) {
      writer.line(l('images'), { bold: true, level: 3 });
      for (const image of attempt.images) writer.below(l(`image.${image.role}`), image.sha256, 4);
    }
  }
}
