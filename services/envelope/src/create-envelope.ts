import { v7 as uuidv7 } from 'uuid';
import { EnvelopeCreateRequest } from '@signet/contracts';
import { notFound, RequestContext, validationError } from '@signet/http';
import { envelopeWarnings, findEnvelopeErrors } from './check-envelope';
import { checkSameRequest, CreateRequestKey, createRequestKeyOf, EarlierCreate, recordCreateRequest } from './create-requests';
import { toPlacementRows, toRecipientRows } from './components';
import { assertPlacementsFit } from './fields/value-fit';
import { ownedBy } from './documents/document-blob-key';
import { storeInlineDocuments, type StoredDocument } from './documents/store-inline-documents';
import { insertEnvelopeOnce } from './store/insert-envelope-once';
import type { EnvelopeDeps } from './envelope-deps';
import { envelopeEventRow } from './envelope-events';
import type { EnvelopeAggregate } from './model';
import { futureExpiry } from './expiry/expiry-settings';
import type { Knex } from 'knex';
import { mergeMetadata } from './metadata';
import { initialStatus } from './state/envelope-machine';

/** Before any document arrives (the upload flow), an envelope without a name is called this. */
export const DEFAULT_ENVELOPE_NAME = 'Untitled envelope';

export interface CreateInput {
  context: RequestContext;
  input: EnvelopeCreateRequest;
  /** The request's Idempotency-Key header, if any. */
  idempotencyKey?: string;
}

/**
 * POST /api/v1/envelopes: a create with an Idempotency-Key makes its envelope once: a retry whose first
 * try committed but never answered (the part killed in between, the gateway's 502) gets that envelope,
 * not a second one. The plan's allowance is spent before (spendEnvelopeCreation), as a batch item's is.
 */
export async function createEnvelope(deps: EnvelopeDeps, { context, input, idempotencyKey }: CreateInput): Promise<EnvelopeAggregate> {
  return createEnvelopeOnce(deps, context, input, createRequestKeyOf(idempotencyKey, input));
}

/** Makes the envelope, or gives the one an earlier create with the same Idempotency-Key made. */
export async function createEnvelopeOnce(
  deps: EnvelopeDeps, context: RequestContext, input: EnvelopeCreateRequest, requestKey: CreateRequestKey | null, source?: EnvelopeSource
): Promise<EnvelopeAggregate> {
  try {
    return await createEnvelopeFrom(deps, context, input, requestKey, source);
  } catch (error) {
    if (!(error instanceof EarlierCreate) || !requestKey) throw error;
    const earlier = await deps.store.load(deps.db, context.tenantId, checkSameRequest(error, requestKey));
    if (!earlier) throw notFound('Envelope');
    return earlier;
  }
}

/**
 * The effective settings and the stored documents, asked for side by side: neither waits for the other
 * (a settings call, and a PDF check and durable write). Invalid settings are told first, as when they
 * were asked for alone, and leave no document behind.
 */
async function settingsAndDocuments(deps: EnvelopeDeps, context: RequestContext, input: EnvelopeCreateRequest, id: string, now: Date, source?: EnvelopeSource) {
  const [settings, stored] = await Promise.allSettled([
    deps.settings.effective(context, input.settings),
    source ? source.documents(id, now) : storeInlineDocuments(deps.blobs, context.tenantId, id, input.documents ?? {}, now)
  ]);
  if (settings.status === 'rejected') {
    if (stored.status === 'fulfilled') await deleteOwnBlobs(deps, context.tenantId, id, stored.value.map((document) => document.row.blob_key));
    throw settings.reason;
  }
  if (stored.status === 'rejected') throw stored.reason;
  return { settings: settings.value, stored: stored.value };
}

/**
 * Where an envelope made from a template gets its documents: the template's, shared while unchanged
 * (their blobs are the template's), or replaced or filled ones stored under the envelope. Such an
 * envelope is never stored in ERROR: what the use broke is a 422.
 */
export interface EnvelopeSource {
  templateId: string;
  documents(envelopeId: string, now: Date): Promise<StoredDocument[]>;
  /** Keys of documents whose placements' tokens were found when the template was saved: not searched again. */
  checkedDocuments: ReadonlySet<string>;
  /** Run in the insert's transaction before it: the template is still as it was read, and stays so until the commit. */
  guard(trx: Knex.Transaction): Promise<void>;
}

/** Only the envelope's own blobs are deleted when its create fails: a template's shared ones stay. */
async function deleteOwnBlobs(deps: EnvelopeDeps, tenantId: string, envelopeId: string, keys: string[]): Promise<void> {
  await Promise.all(keys.filter((key) => ownedBy(tenantId, envelopeId, key)).map((key) => deps.blobs.delete(key)));
}

/**
 * Creates an envelope from checked input (the form, or a batch item): problems a later update can fix
 * store the envelope in ERROR with its `errors`. The envelope and envelope.created commit together.
 */
export async function createEnvelopeFrom(
  deps: EnvelopeDeps, context: RequestContext, input: EnvelopeCreateRequest, requestKey: CreateRequestKey | null = null, source?: EnvelopeSource
): Promise<EnvelopeAggregate> {
  const now = deps.clock();
  const id = uuidv7();
  const { settings, stored } = await settingsAndDocuments(deps, context, input, id, now, source);
  const documents = stored.map((document) => document.row);
  try {
    const recipients = toRecipientRows(input.recipients, id, now);
    const placements = toPlacementRows(input.placements ?? {}, id, now);
    await assertPlacementsFit(placements, recipients);
    const unchecked = source ? placements.filter((placement) => placement.token === null || !source.checkedDocuments.has(placement.document_key)) : placements;
    const errors = await findEnvelopeErrors({
      documents, recipients, placements: unchecked, settings,
      bytesOf: async (document) => stored.find((candidate) => candidate.row.id === document.id)?.bytes ?? new Uint8Array()
    });
    // The template was whole: what a use broke (a replaced document without a placement's page) is refused.
    if (source && errors.length > 0) throw validationError(errors.map(({ field, message }) => ({ field, message })));
    const firstDocument = [...documents].sort((a, b) => a.order - b.order)[0];
    const aggregate: EnvelopeAggregate = {
      envelope: {
        id,
        tenant_id: context.tenantId,
        api_key_id: context.apiKeyId,
        name: input.name ?? firstDocument?.file_name ?? DEFAULT_ENVELOPE_NAME,
        name_is_default: input.name === undefined,
        status: initialStatus(errors),
        settings_overrides: input.settings ?? {},
        settings,
        errors,
        warnings: envelopeWarnings(settings),
        metadata: mergeMetadata({}, input.metadata),
        ...(source ? { template_id: source.templateId } : {}),
        created_at: now,
        updated_at: now,
        sent_at: null,
        completed_at: null,
        voided_at: null,
        expires_at: input.expires_at === undefined ? null : futureExpiry(input.expires_at, now)
      },
      documents,
      recipients,
      placements
    };
    const event = await envelopeEventRow('envelope.created', aggregate, deps.links, context, now);
    if (requestKey || source) {
      await deps.db.transaction(async (trx) => {
        await source?.guard(trx);
        if (requestKey) await recordCreateRequest(trx, context.apiKeyId, requestKey, id, now);
        await deps.store.insert(trx, aggregate, event);
      });
    } else {
      await insertEnvelopeOnce(deps.store, deps.db, aggregate, event);
    }
    deps.relay.wake();
    return aggregate;
  } catch (error) {
    await deleteOwnBlobs(deps, context.tenantId, id, documents.map((document) => document.blob_key));
    throw error;
  }
}
