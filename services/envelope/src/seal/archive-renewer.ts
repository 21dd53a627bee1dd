import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import { addLongTermValidation, archiveTimestampExpiry } from '@signet/signed-pdf';
import { readBlob } from '../documents/read-blob';
import type { EnvelopeJobs } from '../envelope-jobs';
import type { SealIdentity } from './seal-identity';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ArchiveRenewerDeps {
  db: Knex;
  blobs: BlobStore;
  clock: () => Date;
  jobs: EnvelopeJobs;
  sealIdentity: () => Promise<SealIdentity>;
  renewDays: number;
}

/** When a signed PDF's archive timestamp is due: `renewDays` before its TSA certificate expires. */
export function archiveRenewAfter(pdf: Uint8Array, renewDays: number): Date | null {
  const expiry = archiveTimestampExpiry(pdf);
  return expiry ? new Date(expiry.getTime() - renewDays * DAY_MS) : null;
}

/**
 * Keeps a signed PDF long-term valid (PAdES B-LTA): before the certificate of the TSA that made its last
 * document timestamp expires, adds fresh validation data (/DSS) and a new document timestamp over
 * everything, in the same blob, and records the new SHA-256 with the next renewal's job. It runs as the
 * document's renewal job, one per document across replicas, so no two renewals of one blob interleave.
 */
export async function renewArchiveTimestamp(deps: ArchiveRenewerDeps, documentId: string): Promise<void> {
  const document = await deps.db('documents').select('id', 'signed_blob_key').where({ id: documentId }).whereNotNull('signed_blob_key').first() as
    { id: string; signed_blob_key: string } | undefined;
  if (!document) return;
  const seal = await deps.sealIdentity();
  if (!seal.timestamper) return;
  const current = await readBlob(deps.blobs, document.signed_blob_key);
  const renewed = await addLongTermValidation(current, await seal.validationData(), seal.timestamper);
  const stored = await deps.blobs.put(document.signed_blob_key, Readable.from(renewed), { contentType: 'application/pdf' });
  const now = deps.clock();
  const next = archiveRenewAfter(renewed, deps.renewDays);
  // A TSA whose certificate is itself about to expire cannot help; look again in a day.
  const renewAfter = next && next.getTime() > now.getTime() ? next : new Date(now.getTime() + DAY_MS);
  await deps.db.transaction(async (trx) => {
    await trx('documents').where({ id: document.id }).update({ sha256: stored.sha256, file_size: renewed.length, archive_renew_after: renewAfter, updated_at: now });
    await deps.jobs.queueArchiveRenewal(trx, document.id, renewAfter);
  });
}
