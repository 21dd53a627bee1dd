import { EnvelopeStatus, EnvelopeUpdateRequest } from '@signet/contracts';
import { notFound, type RequestContext } from '@signet/http';
import { envelopeWarnings, findEnvelopeErrors } from './check-envelope';
import { assertRolesFit, toPlacementRows, toRecipientRows } from './components';
import { assertPlacementsFit } from './fields/value-fit';
import { DEFAULT_ENVELOPE_NAME } from './create-envelope';
import { readBlob } from './documents/read-blob';
import { releaseBlobs } from './documents/release-blobs';
import { storeInlineDocuments, StoredDocument } from './documents/store-inline-documents';
import type { EnvelopeDeps } from './envelope-deps';
import { writeEnvelopeEvent } from './envelope-events';
import { futureExpiry } from './expiry/expiry-settings';
import { mergeMetadata } from './metadata';
import type { EnvelopeAggregate } from './model';
import { mergeOverrides } from './settings-client';
import { editTrigger, ENVELOPE_MACHINE } from './state/envelope-machine';

export interface UpdateInput {
  context: RequestContext;
  envelopeId: string;
  readInput: () => Promise<EnvelopeUpdateRequest>;
}

/** Refused before any work (reading the form, settings, storing documents) when the envelope takes no changes. */
function assertUpdatable(status: EnvelopeStatus): void {
  ENVELOPE_MACHINE.next(status, 'edit');
}

/**
 * PUT /api/v1/envelopes/:id: each component sent replaces all items of its kind, unsent ones stay; settings
 * merge over the envelope's earlier overrides; an empty expires_at clears it. The errors are worked out again: fixing them all moves an
 * ERROR envelope to CREATED, a new problem moves a CREATED one to ERROR. The input is read only once
 * the envelope is known to take changes (`readInput`: the multipart form, streamed).
 */
export async function updateEnvelope(deps: EnvelopeDeps, { context, envelopeId: id, readInput }: UpdateInput): Promise<EnvelopeAggregate> {
  const current = await deps.store.load(deps.db, context.tenantId, id);
  if (!current) throw notFound('Envelope');
  assertUpdatable(current.envelope.status);
  const input = await readInput();
  const overrides = input.settings ? mergeOverrides(current.envelope.settings_overrides, input.settings) : current.envelope.settings_overrides;
  const settings = await deps.settings.effective(context, overrides);
  const now = deps.clock();
  const stored: StoredDocument[] | null = input.documents ? await storeInlineDocuments(deps.blobs, context.tenantId, id, input.documents, now) : null;
  let replaced: EnvelopeAggregate | null = null;
  try {
    const updated = await deps.db.transaction(async (trx) => {
      const locked = await deps.store.load(trx, context.tenantId, id, { forUpdate: true });
      if (!locked) throw notFound('Envelope');
      assertUpdatable(locked.envelope.status);
      const documents = stored ? stored.map((document) => document.row) : locked.documents;
      const recipients = input.recipients ? toRecipientRows(input.recipients, id, now) : locked.recipients;
      const placements = input.placements ? toPlacementRows(input.placements, id, now) : locked.placements;
      assertRolesFit(recipients, placements);
      await assertPlacementsFit(placements, recipients);
      const errors = await findEnvelopeErrors({
        documents, recipients, placements, settings,
        bytesOf: async (document) => stored?.find((candidate) => candidate.row.id === document.id)?.bytes ?? readBlob(deps.blobs, document.blob_key)
      });
      const firstDocument = [...documents].sort((a, b) => a.order - b.order)[0];
      const keepsDefaultName = input.name === undefined && locked.envelope.name_is_default;
      const defaultName = firstDocument?.file_name ?? DEFAULT_ENVELOPE_NAME;
      const changes = {
        name: input.name ?? (keepsDefaultName ? defaultName : locked.envelope.name),
        name_is_default: keepsDefaultName,
        status: ENVELOPE_MACHINE.next(locked.envelope.status, editTrigger(errors)),
        settings_overrides: overrides,
        settings,
        errors,
        warnings: envelopeWarnings(settings),
        metadata: mergeMetadata(locked.envelope.metadata, input.metadata),
        ...(input.expires_at === undefined ? {} : { expires_at: input.expires_at === '' ? null : futureExpiry(input.expires_at, now) }),
        updated_at: now
      };
      const envelope = { ...locked.envelope, ...changes };
      await deps.store.updateEnvelope(trx, id, changes);
      if (stored) await deps.store.replaceDocuments(trx, id, documents);
      if (input.recipients) await deps.store.replaceRecipients(trx, id, recipients);
      if (input.placements) await deps.store.replacePlacements(trx, id, placements);
      const aggregate = { envelope, documents, recipients, placements };
      await writeEnvelopeEvent(trx, 'envelope.updated', aggregate, deps.links, context, now);
      replaced = stored ? locked : null;
      return aggregate;
    });
    deps.relay.wake();
    // A replaced document may be a template's, shared with other envelopes: released, not deleted outright.
    await releaseBlobs(deps.db, deps.blobs, (replaced as EnvelopeAggregate | null)?.documents.map((document) => document.blob_key) ?? []);
    return updated;
  } catch (error) {
    await Promise.all((stored ?? []).map((document) => deps.blobs.delete(document.row.blob_key)));
    throw error;
  }
}
