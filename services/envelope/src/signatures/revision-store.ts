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

/** Every revision of an envelope, each document's oldest first. */
export async function envelopeRevisions(db: Knex, envelopeId: string): Promise<SignatureRevisionRow[]> {
  return db('signature_revisions').where({ envelope_id: envelopeId }).orderBy([{ column: 'document_id' }, { column: 'revision' }]);
}

export async function insertRevision(db: Knex, row: SignatureRevisionRow): Promise<void> {
  await db('signature_revisions').insert({ ...row, certificates: JSON.stringify(row.certificates) });
}

/** The latest of each document's revisions, by document id. */
export function latestOf(revisions: SignatureRevisionRow[]): Map<string, SignatureRevisionRow> {
  const latest = new Map<string, SignatureRevisionRow>();
  for (const row of revisions) if ((latest.get(row.document_id)?.revision ?? 0) < row.revision) latest.set(row.document_id, row);
  return latest;
}
