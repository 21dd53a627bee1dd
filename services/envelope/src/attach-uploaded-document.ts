import { consumeOnce, ConsumedEvent, PoisonEventError, Subscription } from '@signet/bus';
import type { DocumentProcessedPayload } from '@signet/contracts';
import type { Logger } from '@signet/log';
import { envelopeWarnings, findEnvelopeErrors } from './check-envelope';
import { inListOrder } from './components';
import { readBlob } from './documents/read-blob';
import type { EnvelopeDeps } from './envelope-deps';
import { writeEnvelopeEvent } from './envelope-events';
import type { DocumentRow } from './model';
import { editTrigger, ENVELOPE_MACHINE } from './state/envelope-machine';

const CONSUMER = 'attach-uploaded-document';

/**
 * Consumes document.processed: the uploaded PDF becomes the envelope's document at that order (replacing
 * one already there), once per event; errors are worked out again, since placements may name it.
 * An envelope that was sent or voided meanwhile takes no new document.
 */
export function attachUploadedDocument(deps: EnvelopeDeps, log: Logger): Subscription {
  async function handle({ event, headers }: ConsumedEvent): Promise<void> {
    const data = event.data as DocumentProcessedPayload;
    await consumeOnce(deps.db, CONSUMER, event.id, async (trx) => {
      const aggregate = await deps.store.load(trx, headers.tenantId, data.envelope_id, { forUpdate: true });
      if (!aggregate) throw new PoisonEventError(`envelope ${data.envelope_id} of tenant ${headers.tenantId} does not exist`);
      if (!ENVELOPE_MACHINE.allows(aggregate.envelope.status, 'edit')) {
        log.info({ envelope_id: data.envelope_id, status: aggregate.envelope.status }, 'uploaded document not attached: the envelope no longer takes changes');
        return;
      }
      const now = deps.clock();
      const document: DocumentRow = {
        id: data.file_id, envelope_id: data.envelope_id, custom_key: data.custom_key ?? String(data.order), file_name: data.file_name,
        file_type: 'SIGNABLE', order: data.order, status: 'PENDING', blob_key: data.blob_key, sha256: data.sha256, file_size: data.file_size,
        page_count: data.page_count, page_sizes: data.page_sizes, upload_id: data.upload_id, created_at: now, updated_at: now
      };
      const documents = inListOrder([...aggregate.documents.filter((existing) => existing.order !== data.order), document]);
      const errors = await findEnvelopeErrors({ ...aggregate, settings: aggregate.envelope.settings, documents, bytesOf: (candidate) => readBlob(deps.blobs, candidate.blob_key) });
      const first = documents[0] as DocumentRow;
      const changes = {
        name: aggregate.envelope.name_is_default ? first.file_name : aggregate.envelope.name,
        status: ENVELOPE_MACHINE.next(aggregate.envelope.status, editTrigger(errors)),
        errors,
        warnings: envelopeWarnings(aggregate.envelope.settings),
        updated_at: now
      };
      await deps.store.updateEnvelope(trx, data.envelope_id, changes);
      await deps.store.replaceDocuments(trx, data.envelope_id, documents);
      const updated = { ...aggregate, envelope: { ...aggregate.envelope, ...changes }, documents };
      await writeEnvelopeEvent(trx, 'envelope.updated', updated, deps.links, { tenantId: headers.tenantId, requestId: headers.requestId }, now);
    });
    deps.relay.wake();
  }
  return { groupId: 'signet.envelope.uploaded-documents', topics: ['document.processed'], handle };
}
