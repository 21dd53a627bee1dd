import { v7 as uuidv7 } from 'uuid';
import { EnvelopeCreateRequest } from '@signet/contracts';
import { notFound, RequestContext } from '@signet/http';
import { envelopeWarnings, findEnvelopeErrors } from './check-envelope';
import { checkSameRequest, CreateRequestKey, createRequestKeyOf, EarlierCreate, recordCreateRequest } from './create-requests';
import { toPlacementRows, toRecipientRows } from './components';
import { storeInlineDocuments } from './documents/store-inline-documents';
import { insertEnvelopeOnce } from './store/insert-envelope-once';
import type { EnvelopeDeps } from './envelope-deps';
import { envelopeEventRow } from './envelope-events';
import type { EnvelopeAggregate } from './model';
import { futureExpiry } from './expiry/expiry-settings';
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
  const requestKey = createRequestKeyOf(idempotencyKey, input);
  try {
    return await createEnvelopeFrom(deps, context, input, requestKey);
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
async function settingsAndDocuments(deps: EnvelopeDeps, context: RequestContext, input: EnvelopeCreateRequest, id: string, now: Date) {
  const [settings, stored] = await Promise.allSettled([
    deps.settings.effective(context, input.settings),
    storeInlineDocuments(deps.blobs, context.tenantId, id, input.documents ?? {}, now)
  ]);
  if (settings.status === 'rejected') {
    if (stored.status === 'fulfilled') await Promise.all(stored.value.map((document) => deps.blobs.delete(document.row.blob_key)));
    throw settings.reason;
  }
  if (stored.status === 'rejected') throw stored.reason;
  return { settings: settings.value, stored: stored.value };
}

/**
 * Creates an envelope from checked input (the form, or a batch item): problems a later update can fix
 * store the envelope in ERROR with its `errors`. The envelope and envelope.created commit together.
 */
export async function createEnvelopeFrom(
  deps: EnvelopeDeps, context: RequestContext, input: EnvelopeCreateRequest, requestKey: CreateRequestKey | null = null
): Promise<EnvelopeAggregate> {
  const now = deps.clock();
  const id = uuidv7();
  const { settings, stored } = await settingsAndDocuments(deps, context, input, id, now);
  const documents = stored.map((document) => document.row);
  try {
    const recipients = toRecipientRows(input.recipients, id, now);
    const placements = toPlacementRows(input.placements ?? {}, id, now);
    const errors = await findEnvelopeErrors({
      documents, recipients, placements, settings,
      bytesOf: async (document) => stored.find((candidate) => candidate.row.id === document.id)?.bytes ?? new Uint8Array()
    });
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
    if (requestKey) {
      await deps.db.transaction(async (trx) => {
        await recordCreateRequest(trx, context.apiKeyId, requestKey, id, now);
        await deps.store.insert(trx, aggregate, event);
      });
    } else {
      await insertEnvelopeOnce(deps.store, deps.db, aggregate, event);
    }
    deps.relay.wake();
    return aggregate;
  } catch (error) {
    await Promise.all(documents.map((document) => deps.blobs.delete(document.blob_key)));
    throw error;
  }
}
