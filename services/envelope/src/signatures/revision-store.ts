import type { Knex } from 'knex';
import type { SignatureLevel } from '@signet/contracts';

/** One act's revision of one document (signature.level advanced or qualified). */
export interface SignatureRevisionRow {
  id: string;
  envelope_id: string;
  document_id: string;
  recipient_id: string;
  revision: number;
  level: Exclude<SignatureLevel, 'seal'>;
  blob_key: string;
  sha256: string;
  /** The act's certificate first, then its CA chain: DER, base64. */
  certificates: string[];
  created_at: Date;
}

/** The latest revision of each document of an envelope, by document id. */
export async function latestRevisions(db: Knex, envelopeId: string): Promise<Map<string, SignatureRevisionRow>> {
  const rows: SignatureRevisionRow[] = await db('signature_revisions').where({ envelope_id: envelopeId }).orderBy('revision', 'asc');
  return new Map(rows.map((row) => [row.document_id, row]));
}

/** Every revision of an envelope, oldest first. */
export async function envelopeRevisions(db: Knex, envelopeId: string): Promise<SignatureRevisionRow[]> {
  return db('signature_revisions').where({ envelope_id: envelopeId }).orderBy([{ column: 'document_id' }, { column: 'revision' }]);
}

export async function insertRevision(db: Knex, row: SignatureRevisionRow): Promise<void> {
  await db('signature_revisions').insert({ ...row, certificates: JSON.stringify(row.certificates) });
}
