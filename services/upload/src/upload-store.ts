import type { Knex } from 'knex';
import type { UploadStatus } from '@signet/contracts';
import type { UploadRow } from './model';
import type { QueueProcessing } from './upload-jobs';
import { UPLOAD_MACHINE, type UploadChanges } from './upload-machine';

type Db = Knex | Knex.Transaction;

const UNIQUE_VIOLATION = '23505';

function fromDb(row: UploadRow): UploadRow {
  const number = (value: unknown) => (value === null ? null : Number(value));
  return { ...row, max_file_size: Number(row.max_file_size), file_size: number(row.file_size) };
}

export function uploadStore(db: Knex) {
  return {
    /** Inserts a PENDING upload; false when its order already has an active upload (the partial unique index). */
    async insert(row: UploadRow): Promise<boolean> {
      try {
        await db('uploads').insert(row);
        return true;
      } catch (error) {
        if ((error as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION) return false;
        throw error;
      }
    },

    async find(tenantId: string, envelopeId: string, id: string): Promise<UploadRow | null> {
      const row = await db('uploads').where({ id, tenant_id: tenantId, envelope_id: envelopeId }).first();
      return row ? fromDb(row) : null;
    },

    async list(tenantId: string, envelopeId: string, statuses: readonly UploadStatus[] | null): Promise<UploadRow[]> {
      const query = db('uploads').where({ tenant_id: tenantId, envelope_id: envelopeId }).orderBy([{ column: 'order' }, { column: 'created_at' }]);
      const rows = statuses ? await query.whereIn('status', statuses) : await query;
      return rows.map(fromDb);
    },

    async findByToken(tenantId: string, tokenHash: string): Promise<UploadRow | null> {
      const row = await db('uploads').where({ token_hash: tokenHash, tenant_id: tenantId }).first();
      return row ? fromDb(row) : null;
    },

    /** Claims a PENDING upload for receiving; null when another request has it or it is no longer PENDING. */
    async claimForReceiving(id: string, now: Date): Promise<UploadRow | null> {
      const [row] = await db('uploads').where({ id, status: 'PENDING' }).whereNull('receiving_since')
        .update({ receiving_since: now, updated_at: now }).returning('*');
      return row ? fromDb(row) : null;
    },

    async update(trx: Db, id: string, changes: UploadChanges): Promise<void> {
      await trx('uploads').where({ id }).update(changes);
    },

    /** Changes an upload only while it is PENDING and no PUT is receiving it (a concurrent PUT may have it, or have finished). */
    async updatePending(id: string, changes: UploadChanges): Promise<void> {
      await db('uploads').where({ id, status: 'PENDING' }).whereNull('receiving_since').update(changes);
    },

    /**
     * The received file makes the upload UPLOADED, its processing queued, only while this PUT's claim still
     * holds: false when the upload expired meanwhile (its order may already belong to a new upload).
     */
    async finishReceiving(claimed: UploadRow, changes: UploadChanges, queue: QueueProcessing): Promise<boolean> {
      return db.transaction(async (trx) => {
        const updated = await trx('uploads').where({ id: claimed.id, status: 'PENDING', receiving_since: claimed.receiving_since }).update(changes);
        if (updated === 0) return false;
        await queue(trx, claimed.id);
        return true;
      });
    },

    /**
     * Records the end of processing only while this worker's claim still holds (PROCESSING since the time
     * it claimed): false when a successor took the upload over as stale, whose result is the one kept.
     */
    async finishProcessing(trx: Db, claimed: UploadRow, changes: UploadChanges): Promise<boolean> {
      const updated = await trx('uploads').where({ id: claimed.id, status: 'PROCESSING', processing_since: claimed.processing_since }).update(changes);
      return updated > 0;
    },

    /** PENDING uploads past their expiry become EXPIRED (their order position is free again). */
    async expireOverdue(tenantId: string, envelopeId: string, now: Date): Promise<void> {
      await db('uploads').where({ tenant_id: tenantId, envelope_id: envelopeId, status: 'PENDING' }).where('expires_at', '<=', now)
        .update({ status: UPLOAD_MACHINE.next('PENDING', 'expire', { expires_at: now }), updated_at: now });
    },

    /**
     * Takes an upload for processing (its job runs): UPLOADED, or PROCESSING when its previous worker died
     * and its job was released. Null when it is finished. `processing_since` tells this worker's claim
     * from a successor's.
     */
    async claimForProcessing(id: string, now: Date): Promise<UploadRow | null> {
      return db.transaction(async (trx) => {
        const row = await trx('uploads').where({ id }).whereIn('status', ['UPLOADED', 'PROCESSING']).forUpdate().first();
        if (!row) return null;
        const status = UPLOAD_MACHINE.next(row.status, 'process', row);
        await trx('uploads').where({ id }).update({ status, processing_since: now, updated_at: now });
        return fromDb({ ...row, status, processing_since: now });
      });
    },

    /** The upload could not be processed at all (its job gave up): FAILED with `message`, unless it finished meanwhile. */
    async giveUp(id: string, message: string, now: Date): Promise<UploadRow | null> {
      return db.transaction(async (trx) => {
        const row = await trx('uploads').where({ id }).whereIn('status', ['UPLOADED', 'PROCESSING']).forUpdate().first();
        if (!row) return null;
        const processing = UPLOAD_MACHINE.next(row.status, 'process', row);
        const status = UPLOAD_MACHINE.next(processing, 'fail', row);
        await trx('uploads').where({ id }).update({ status, error_message: message, processing_since: null, processed_at: now, updated_at: now });
        return fromDb(row);
      });
    }
  };
}

export type UploadStore = ReturnType<typeof uploadStore>;
