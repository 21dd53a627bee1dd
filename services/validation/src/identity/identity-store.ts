import type { Knex } from 'knex';
import type { IdentityCheckName } from '@signet/contracts';
import type { IdentityAttemptRow, IdentityCheckRow, IdentityConsentRow } from './identity-model';

type Db = Knex | Knex.Transaction;

export interface RecipientRef {
  tenant_id: string;
  envelope_id: string;
  recipient_id: string;
}

/** JSON columns go in as text: knex would send a JS array as a PostgreSQL array. */
function jsonColumns<T extends object>(row: T, names: ReadonlyArray<keyof T>): T {
  const copy = { ...row } as Record<string, unknown>;
  for (const name of names) if (copy[name as string] !== undefined) copy[name as string] = JSON.stringify(copy[name as string]);
  return copy as T;
}

const CHECK_JSON = ['document', 'manual', 'assertion', 'recipient', 'policy'] as const;
const ATTEMPT_JSON = ['reasons', 'subchecks', 'versions', 'document', 'images'] as const;

export function identityStore() {
  return {
    async consent(db: Db, ref: RecipientRef): Promise<IdentityConsentRow | null> {
      return (await db('identity_consents').where(ref).first()) ?? null;
    },

    /** The first consent stands: a second answer changes nothing. */
    async recordConsent(trx: Knex.Transaction, row: IdentityConsentRow): Promise<boolean> {
      const inserted = await trx('identity_consents').insert(row).onConflict(['envelope_id', 'recipient_id']).ignore().returning('envelope_id');
      return inserted.length > 0;
    },

    /** Every recipient's checks and consents of an envelope, for its evidence sheet. */
    async envelopeChecks(db: Db, envelope: Omit<RecipientRef, 'recipient_id'>): Promise<IdentityCheckRow[]> {
      return db('identity_checks').where(envelope);
    },

    async envelopeConsents(db: Db, envelope: Omit<RecipientRef, 'recipient_id'>): Promise<IdentityConsentRow[]> {
      return db('identity_consents').where(envelope);
    },

    async checks(db: Db, ref: RecipientRef): Promise<IdentityCheckRow[]> {
      return db('identity_checks').where(ref).orderBy('check');
    },

    /** The recipient's check, locked until the transaction ends; created PENDING on first use. */
    async lockCheck(trx: Knex.Transaction, fresh: IdentityCheckRow): Promise<IdentityCheckRow> {
      await trx('identity_checks').insert(jsonColumns(fresh, CHECK_JSON)).onConflict(['envelope_id', 'recipient_id', 'check']).ignore();
      const { tenant_id, envelope_id, recipient_id, check } = fresh;
      return trx('identity_checks').where({ tenant_id, envelope_id, recipient_id, check }).forUpdate().first();
    },

    async find(db: Db, ref: RecipientRef, check: IdentityCheckName): Promise<IdentityCheckRow | null> {
      return (await db('identity_checks').where({ ...ref, check }).first()) ?? null;
    },

    async lockById(trx: Knex.Transaction, id: string): Promise<IdentityCheckRow | null> {
      return (await trx('identity_checks').where({ id }).forUpdate().first()) ?? null;
    },

    async lockByProviderReference(trx: Knex.Transaction, reference: string): Promise<IdentityCheckRow[]> {
      return trx('identity_checks').where({ provider_reference: reference }).orderBy('check').forUpdate();
    },

    async update(trx: Knex.Transaction, id: string, changes: Partial<IdentityCheckRow>): Promise<void> {
      await trx('identity_checks').where({ id }).update(jsonColumns(changes, CHECK_JSON));
    },

    async insertAttempt(trx: Knex.Transaction, row: IdentityAttemptRow): Promise<void> {
      await trx('identity_attempts').insert(jsonColumns(row, ATTEMPT_JSON));
    },

    /** The next attempt's number: attempts are numbered for good, across resets. */
    async nextAttemptNumber(trx: Knex.Transaction, checkId: string): Promise<number> {
      const row = (await trx('identity_attempts').where({ check_id: checkId }).max('number as last').first()) as { last: number | null } | undefined;
      return (row?.last ?? 0) + 1;
    },

    /** Each check's latest attempt. */
    async lastAttempts(db: Db, checkIds: string[]): Promise<IdentityAttemptRow[]> {
      if (checkIds.length === 0) return [];
      return db('identity_attempts').distinctOn('check_id').whereIn('check_id', checkIds).orderBy([{ column: 'check_id' }, { column: 'number', order: 'desc' }]);
    },

    async attempts(db: Db, checkIds: string[]): Promise<IdentityAttemptRow[]> {
      if (checkIds.length === 0) return [];
      return db('identity_attempts').whereIn('check_id', checkIds).orderBy(['check_id', 'number']);
    },

    async attempt(db: Db, id: string): Promise<IdentityAttemptRow | null> {
      return (await db('identity_attempts').where({ id }).first()) ?? null;
    },

    /** The id_check's passing attempt: the document a selfie is compared with. */
    async passingAttempt(db: Db, checkId: string): Promise<IdentityAttemptRow | null> {
      return (await db('identity_attempts').where({ check_id: checkId, outcome: 'PASSED' }).orderBy('number', 'desc').first()) ?? null;
    },

    /** Every attempt of the recipient that still has images. */
    async attemptsWithImages(trx: Knex.Transaction, ref: RecipientRef): Promise<IdentityAttemptRow[]> {
      return trx('identity_attempts').join('identity_checks', 'identity_checks.id', 'identity_attempts.check_id')
        .where({ 'identity_checks.tenant_id': ref.tenant_id, 'identity_checks.envelope_id': ref.envelope_id, 'identity_checks.recipient_id': ref.recipient_id })
        .whereRaw("jsonb_path_exists(identity_attempts.images, '$[*] \\? (@.blob_key != null)')")
        .select('identity_attempts.*');
    },

    /** The images are gone: their keys are dropped, their hashes kept. */
    async markImagesPurged(trx: Knex.Transaction, attempt: IdentityAttemptRow): Promise<void> {
      const images = attempt.images.map((image) => ({ role: image.role, sha256: image.sha256, blob_key: null }));
      await trx('identity_attempts').where({ id: attempt.id }).update({ images: JSON.stringify(images) });
    }
  };
}

export type IdentityStore = ReturnType<typeof identityStore>;
