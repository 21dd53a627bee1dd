import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import type { Logger } from '@signet/log';
import { addLongTermValidation, archiveTimestampExpiry } from '@signet/signed-pdf';
import { readBlob } from '../documents/read-blob';
import type { SealIdentity } from './seal-identity';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ArchiveRenewerDeps {
  db: Knex;
  blobs: BlobStore;
  log: Logger;
  clock: () => Date;
  sealIdentity: () => Promise<SealIdentity>;
  renewDays: number;
  pollIntervalMs: number;
}

/** When a signed PDF's archive timestamp is due: `renewDays` before its TSA certificate expires. */
export function archiveRenewAfter(pdf: Uint8Array, renewDays: number): Date | null {
  const expiry = archiveTimestampExpiry(pdf);
  return expiry ? new Date(expiry.getTime() - renewDays * DAY_MS) : null;
}

/**
 * Keeps signed PDFs long-term valid (PAdES B-LTA): before the certificate of the TSA that made a
 * document's last document timestamp expires, adds fresh validation data (/DSS) and a new document
 * timestamp over everything, in the same blob, and records the new SHA-256. Due documents are found by
 * the injected clock, one at a time; a failure is logged and retried at the next round.
 */
export function createArchiveRenewer(deps: ArchiveRenewerDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function renew(document: { id: string; signed_blob_key: string }): Promise<void> {
    const seal = await deps.sealIdentity();
    if (!seal.timestamper) return;
    const current = await readBlob(deps.blobs, document.signed_blob_key);
    const renewed = await addLongTermValidation(current, await seal.validationData(), seal.timestamper);
    const stored = await deps.blobs.put(document.signed_blob_key, Readable.from(renewed), { contentType: 'application/pdf' });
    const now = deps.clock();
    const next = archiveRenewAfter(renewed, deps.renewDays);
    // A TSA whose certificate is itself about to expire cannot help; look again in a day.
    const renewAfter = next && next.getTime() > now.getTime() ? next : new Date(now.getTime() + DAY_MS);
    await deps.db('documents').where({ id: document.id }).update({ sha256: stored.sha256, file_size: renewed.length, archive_renew_after: renewAfter, updated_at: now });
  }

  async function round(): Promise<void> {
    const due = await deps.db('documents').select('id', 'signed_blob_key')
      .whereNotNull('signed_blob_key').where('archive_renew_after', '<=', deps.clock()).orderBy('archive_renew_after').limit(20);
    for (const document of due) {
      try {
        await renew(document);
        deps.log.info({ document_id: document.id }, 'archive timestamp renewed');
      } catch (error) {
        deps.log.error({ err: error, document_id: document.id }, 'archive timestamp renewal failed; retrying at the next round');
      }
    }
  }

  function run(): void {
    running ??= round()
      .catch((error: unknown) => deps.log.error({ err: error }, 'archive timestamp round failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    start() {
      timer = setInterval(run, deps.pollIntervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    }
  };
}
