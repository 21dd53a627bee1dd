import { Readable } from 'node:stream';
import type { Logger } from '@signet/log';
import { v7 as uuidv7 } from 'uuid';
import type { EnvelopeDeps } from '../envelope-deps';
import { writeEnvelopeEvent } from '../envelope-events';
import { readBlob } from '../documents/read-blob';
import { archiveRenewAfter } from '../seal/archive-renewer';
import type { DocumentRow, EnvelopeAggregate } from '../model';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { isSettled } from '../state/recipient-machine';
import { envelopeRevisions, latestOf } from '../signatures/revision-store';
import { signerValidationData } from '../signatures/signer-validation-data';
import { buildSignedPdf, sealRevisions } from './build-signed-pdf';
import { signedRecipients } from './signed-recipients';
import { createSignatureBackgroundLoader, fetchBackgroundFromPublicUrl, type LoadSignatureBackground } from './signature-background';

/** Every recipient who acts has done so (a VIEWER or CC holds nothing up) and the envelope can still complete (not voided, not completed by another replica). */
const completable = (aggregate: EnvelopeAggregate) =>
  ENVELOPE_MACHINE.allows(aggregate.envelope.status, 'complete') && aggregate.recipients.every(isSettled);

/** Signed PDFs get a key of their own per attempt: an attempt that is not recorded deletes its own and overwrites nothing. */
function signedBlobKey(document: DocumentRow, tenantId: string): string {
  return `tenants/${tenantId}/envelopes/${document.envelope_id}/signed/${document.id}-${uuidv7()}.pdf`;
}

/** What completion needs besides the envelope deps: a logger, and how `signature.bg_image` is loaded (tests inject it). */
export interface CompletionOptions {
  log: Logger;
  loadBackground?: LoadSignatureBackground;
}

/**
 * Turns an envelope whose recipients have all signed into SUCCESS. The PDFs are stamped, sealed and
 * stored without any lock (seconds of work); a short transaction then re-checks the envelope under its
 * row lock and records the documents SIGNED, the envelope SUCCESS, envelope.success and each document's
 * archive-timestamp renewal job. An envelope voided meanwhile is left as it is, and its signed PDFs deleted. The background image is fetched
 * once for all documents, and a background that cannot be had is only a warning.
 */
export async function completeEnvelope(deps: EnvelopeDeps, tenantId: string, envelopeId: string, options: CompletionOptions): Promise<void> {
  const aggregate = await deps.store.load(deps.db, tenantId, envelopeId);
  if (!aggregate || !completable(aggregate)) return;
  const signers = await signedRecipients(deps.db, deps.blobs, aggregate);
  const seal = await deps.sealIdentity();
  const loadBackground = options.loadBackground ?? createSignatureBackgroundLoader({ fetch: fetchBackgroundFromPublicUrl(), log: options.log });
  const background = await loadBackground(aggregate.envelope.settings.signature.bg_image, envelopeId);
  const signed = new Map<string, { key: string; sha256: string; size: number; renewAfter: Date | null }>();
  const revisions = await envelopeRevisions(deps.db, envelopeId);
  const latest = latestOf(revisions);
  const signerValidation = revisions.length > 0 ? await signerValidationData(deps, revisions, options.log) : null;
  for (const document of aggregate.documents.filter((candidate) => candidate.file_type === 'SIGNABLE')) {
    const readOriginal = () => readBlob(deps.blobs, document.blob_key);
    const revision = latest.get(document.id);
    // advanced and qualified: the signers' revisions, sealed; seal: every mark drawn on the original, sealed.
    const bytes = revision && signerValidation
      ? await sealRevisions(aggregate, document, readOriginal, await readBlob(deps.blobs, revision.blob_key), signers, seal, signerValidation, deps.clock(), background)
      : await buildSignedPdf(aggregate, document, await readOriginal(), signers, seal, background);
    const key = signedBlobKey(document, tenantId);
    const stored = await deps.blobs.put(key, Readable.from(Buffer.from(bytes)), { contentType: 'application/pdf' });
    signed.set(document.id, { key, sha256: stored.sha256, size: bytes.length, renewAfter: archiveRenewAfter(bytes, deps.config.archive.renewDays) });
  }

  const now = deps.clock();
  const recorded = await deps.db.transaction(async (trx): Promise<boolean> => {
    const current = await deps.store.load(trx, tenantId, envelopeId, { forUpdate: true });
    if (!current || !completable(current)) return false;
    const documents = current.documents.map((document) => {
      const result = signed.get(document.id);
      if (!result) return document;
      // `url`, `sha256` and `file_size` describe the signed file from now on; `original_sha256` keeps the original's hash.
      return { ...document, status: 'SIGNED', signed_blob_key: result.key, original_sha256: document.sha256, sha256: result.sha256, file_size: result.size, updated_at: now };
    });
    for (const document of documents.filter((candidate) => signed.has(candidate.id))) {
      const renewAfter = signed.get(document.id)?.renewAfter ?? null;
      await trx('documents').where({ id: document.id }).update({
        status: 'SIGNED', signed_blob_key: document.signed_blob_key, original_sha256: document.original_sha256, sha256: document.sha256, file_size: document.file_size, updated_at: now,
        archive_renew_after: renewAfter
      });
      if (renewAfter) await deps.jobs.queueArchiveRenewal(trx, document.id, renewAfter);
    }
    const status = ENVELOPE_MACHINE.next(current.envelope.status, 'complete');
    await deps.store.updateEnvelope(trx, envelopeId, { status, completed_at: now, updated_at: now });
    const completed: EnvelopeAggregate = { ...current, envelope: { ...current.envelope, status, completed_at: now, updated_at: now }, documents };
    await writeEnvelopeEvent(trx, 'envelope.success', completed, deps.links, { tenantId, requestId: null }, now);
    return true;
  }).catch(async (error: unknown) => {
    // A failed commit may still have committed: only PDFs no document names are deleted.
    await deleteUnrecorded(deps, signed).catch(() => undefined);
    throw error;
  });
  // Voided meanwhile: the signed PDFs are nobody's.
  if (!recorded) await deleteBlobs(deps, signed);
  deps.relay.wake();
}

async function deleteBlobs(deps: EnvelopeDeps, signed: Map<string, { key: string }>): Promise<void> {
  for (const { key } of signed.values()) await deps.blobs.delete(key).catch(() => undefined);
}

async function deleteUnrecorded(deps: EnvelopeDeps, signed: Map<string, { key: string }>): Promise<void> {
  const keys = [...signed.values()].map((result) => result.key);
  const recorded = new Set((await deps.db('documents').whereIn('signed_blob_key', keys).pluck('signed_blob_key')) as string[]);
  for (const key of keys) if (!recorded.has(key)) await deps.blobs.delete(key).catch(() => undefined);
}
