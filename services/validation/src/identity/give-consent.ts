import { createHash } from 'node:crypto';
import { IDENTITY_CONSENT_VERSION, type IdentityConsentRequest } from '@signet/contracts';
import { AppError, validationError, type RequestContext } from '@signet/http';
import { CATALOGUE, languageOfKey, type MessageKey } from '@signet/i18n';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { writeRecipientIdentityEvent } from './identity-events';
import { assertIdentityApplies, idCheckSettings } from './identity-settings';

/** The consent text's parts, in the order the signer page shows them. */
export const CONSENT_TEXT_KEYS: readonly MessageKey[] = ['identity.consent.title', 'identity.consent.what', 'identity.consent.why', 'identity.consent.retention', 'identity.consent.who'];

/** The language a recipient reads the consent in: the envelope's flow language, as the envelope part gives it. */
function consentLanguage(facts: RecipientFacts): string {
  const key = facts.envelope.settings.signature_flow.language.toLowerCase();
  return languageOfKey(key) ? key : 'en';
}

/** SHA-256 of the consent text as worded for this language, with the values it was shown with. */
export function consentTextHash(language: string, values: Record<string, string | number>): string {
  const messages = CATALOGUE[(languageOfKey(language)?.key ?? 'en')];
  const text = CONSENT_TEXT_KEYS.map((key) => messages[key]).join('\n');
  return createHash('sha256').update(JSON.stringify({ version: IDENTITY_CONSENT_VERSION, language, text, values })).digest('hex');
}

export interface ConsentInput {
  context: RequestContext;
  facts: RecipientFacts;
  request: IdentityConsentRequest;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The signer's explicit consent before any image is taken (GDPR art. 9: biometric data). Only `consent:
 * true` reaches this part: declining is a rejection, which the envelope part records. The first consent
 * stands; repeating it changes nothing.
 */
export async function giveConsent(deps: IdentityDeps, input: ConsentInput): Promise<{ given_at: Date }> {
  const { facts } = input;
  if (!idCheckSettings(facts).enabled) assertIdentityApplies(facts, 'biometric');
  else assertIdentityApplies(facts, 'id_check');
  if (!input.request.consent) throw new AppError('CONFLICT', 'Declining the identity checks rejects the envelope (POST .../reject)');
  if (input.request.version !== IDENTITY_CONSENT_VERSION) {
    throw validationError([{ field: 'version', message: `the consent text has changed (now version ${IDENTITY_CONSENT_VERSION}): show it again` }]);
  }
  const now = deps.clock();
  const language = consentLanguage(facts);
  const ref = { tenant_id: input.context.tenantId, envelope_id: facts.envelope.id, recipient_id: facts.recipient.id };
  const sender = facts.envelope.settings.branding.name ?? facts.envelope.settings.signature_flow.sender_name;
  // As the signer page words it: the sender's own Signet runs the local checks, the provider its own.
  const values = { sender, processor: idCheckSettings(facts).provider === 'stripe' ? 'Stripe' : sender, days: idCheckSettings(facts).retention_days };
  const row = { ...ref, version: IDENTITY_CONSENT_VERSION, text_sha256: consentTextHash(language, values), language, given_at: now, ip_address: input.ip, user_agent: input.userAgent };
  const given = await deps.db.transaction(async (trx) => {
    if (!(await deps.identity.recordConsent(trx, row))) return (await deps.identity.consent(trx, ref))?.given_at ?? now;
    const who = { ...ref, envelope_api_key_id: facts.envelope.api_key_id, recipient: facts.recipient };
    await writeRecipientIdentityEvent(trx, 'recipient.validation_identity_consented', who, { consent: { version: row.version, given_at: now.toISOString() } }, input.context.requestId, now);
    return now;
  });
  deps.committed();
  return { given_at: given };
}
