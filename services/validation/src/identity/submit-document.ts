import type { IdentityDocumentRequest } from '@signet/contracts';
import { DOCUMENT_KINDS, type DocumentKind } from '@signet/identity';
import { AppError, type RequestContext } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { verifying } from './identity-errors';
import type { IdentityCheckRow } from './identity-model';
import { assertIdentityApplies, idCheckSettings } from './identity-settings';
import { openAttempt, recordAttempt, recorded } from './record-attempt';

export interface DocumentInput {
  context: RequestContext;
  facts: RecipientFacts;
  request: IdentityDocumentRequest;
  ip: string | null;
  userAgent: string | null;
}

/** Consent comes before any image is taken. */
export async function assertConsented(deps: IdentityDeps, context: RequestContext, facts: RecipientFacts): Promise<void> {
  const consent = await deps.identity.consent(deps.db, { tenant_id: context.tenantId, envelope_id: facts.envelope.id, recipient_id: facts.recipient.id });
  if (consent === null) throw new AppError('CONFLICT', 'Consent to the identity checks comes first (POST .../identity/consent)');
}

/**
 * A photo of the identity document, checked by the self-hosted verifier: read (MRZ or PDF417), not
 * expired on Signet's clock, of an allowed kind and country, in the recipient's name. Malformed images
 * are a 422 and count nothing; a readable document that does not pass is a failed attempt with its reasons.
 */
export async function submitDocument(deps: IdentityDeps, input: DocumentInput): Promise<IdentityCheckRow> {
  const { facts } = input;
  assertIdentityApplies(facts, 'id_check');
  const settings = idCheckSettings(facts);
  if (settings.provider !== 'local') throw new AppError('CONFLICT', `This envelope's identity check runs at ${settings.provider}: open its session (POST .../identity/session)`);
  await assertConsented(deps, input.context, facts);
  const image = Buffer.from(input.request.image, 'base64');
  const attempt = { context: input.context, facts, check: 'id_check' as const, images: [{ role: 'document' as const, bytes: image }], ip: input.ip, userAgent: input.userAgent };
  const opened = await openAttempt(deps, attempt);
  const verdict = await verifying('image', () => deps.local.checkDocument(image, {
    allowedKinds: settings.document_kinds.split(',').filter((kind): kind is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(kind)),
    allowedCountries: settings.countries === null ? [] : settings.countries.split(','),
    nameMatch: settings.name_match,
    expectedName: facts.recipient.name ?? '',
    today: deps.clock().toISOString().slice(0, 10)
  }));
  return recordAttempt(deps, recorded(attempt), opened, verdict);
}
