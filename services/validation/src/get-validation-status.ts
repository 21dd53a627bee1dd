import type { ValidationChannelStatus, ValidationStatus } from '@signet/contracts';
import type { RequestContext } from '@signet/http';
import type { ValidationSettings } from './recipient-facts';
import type { RecipientValidationRow, ValidationChannel } from './model';
import type { ValidationDeps } from './validation-deps';
import { identityGate } from './identity/identity-gate';
import type { IdentityCheckRow, IdentityConsentRow } from './identity/identity-model';

/** The recipient's identity checks and consent, as the gate reads them. */
export interface IdentityStandings {
  checks: IdentityCheckRow[];
  consent: IdentityConsentRow | null;
  /** The last attempt's reasons, by check id. */
  lastReasons: Record<string, string[]>;
}

const NO_IDENTITY: IdentityStandings = { checks: [], consent: null, lastReasons: {} };

function channelStatus(setting: { enabled: boolean; order: number } | undefined, standing: RecipientValidationRow | undefined): ValidationChannelStatus {
  const verifiedAt = standing?.verified_at ?? null;
  return {
    required: setting?.enabled === true,
    order: setting?.order === 1 ? 1 : 0,
    verified: verifiedAt !== null,
    verified_at: verifiedAt === null ? null : verifiedAt.toISOString()
  };
}

/**
 * Every gate (email and SMS codes, the identity document and the selfie), and the summary the signing
 * flow acts on: `required` when any is, `verified` when
 * there is one and every required one is, `order` the lowest order still to pass (so documents stay hidden while an order-0
 * channel is unverified, and signing waits for every required one).
 */
export function summarize(validations: ValidationSettings['validations'], standings: RecipientValidationRow[], identity: IdentityStandings = NO_IDENTITY): ValidationStatus {
  const of = (channel: ValidationChannel) => standings.find((row) => row.channel === channel);
  const { identity_consent: identityConsent, ...identityChannels } = identityGate(validations, identity.checks, identity.consent, identity.lastReasons);
  const channels = { email: channelStatus(validations.email, of('email')), sms: channelStatus(validations.phone, of('sms')), ...identityChannels };
  const required = Object.values(channels).filter((channel) => channel.required);
  const waiting = required.filter((channel) => !channel.verified);
  const orders = (waiting.length > 0 ? waiting : required).map((channel) => channel.order);
  const times = required.map((channel) => channel.verified_at as string).sort();
  return {
    required: required.length > 0,
    order: orders.length > 0 ? Math.min(...orders) : 0,
    verified: required.length > 0 && waiting.length === 0,
    verified_at: required.length > 0 && waiting.length === 0 ? (times.at(-1) as string) : null,
    channels,
    identity_consent: identityConsent
  };
}

export interface ValidationStatusInput {
  context: RequestContext;
  envelopeId: string;
  recipientId: string;
  /** The envelope's `settings.validations`, as the envelope part gives it. */
  validations: ValidationSettings['validations'];
}

/** The gate the signing flow enforces, per channel (email, sms) and in summary (ValidationStatus of @signet/contracts). */
export async function getValidationStatus(deps: ValidationDeps, input: ValidationStatusInput): Promise<ValidationStatus> {
  const ref = { tenant_id: input.context.tenantId, envelope_id: input.envelopeId, recipient_id: input.recipientId };
  const { id_check: idCheck, biometric } = input.validations;
  const asksIdentity = idCheck?.enabled === true || biometric?.enabled === true;
  const [standings, checks, consent] = await Promise.all([
    deps.codes.standings(deps.db, ref),
    asksIdentity ? deps.identity.checks(deps.db, ref) : [],
    asksIdentity ? deps.identity.consent(deps.db, ref) : null
  ]);
  const attempts = await deps.identity.lastAttempts(deps.db, checks.filter((check) => check.status === 'FAILED' || check.status === 'LOCKED').map((check) => check.id));
  const lastReasons = Object.fromEntries(attempts.map((attempt) => [attempt.check_id, attempt.reasons]));
  return summarize(input.validations, standings, { checks, consent, lastReasons });
}
