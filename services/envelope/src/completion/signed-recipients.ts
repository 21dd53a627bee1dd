import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import type { SignedRecipient } from '@signet/signed-pdf';
import { readBlob } from '../documents/read-blob';
import type { EnvelopeAggregate, SignatureRow } from '../model';

/**
 * Each acting recipient's recorded act, by recipient key (what placements name), ready for stamping: a
 * SIGNER's or WITNESS's signature, an APPROVER's approval. A VIEWER and a CC leave no mark.
 */
export async function signedRecipients(db: Knex, blobs: BlobStore, aggregate: EnvelopeAggregate): Promise<Map<string, SignedRecipient>> {
  const rows: SignatureRow[] = await db('signatures').where({ envelope_id: aggregate.envelope.id });
  const result = new Map<string, SignedRecipient>();
  for (const recipient of aggregate.recipients) {
    if (recipient.role === 'VIEWER' || recipient.role === 'CC') continue;
    if (recipient.role === 'APPROVER') {
      if (recipient.signed_at === null) throw new Error(`Recipient ${recipient.id} has not approved`);
      result.set(recipient.custom_key, { name: recipient.name, email: recipient.email, signedAt: recipient.signed_at, signature: { type: 'APPROVED' } });
      continue;
    }
    const row = rows.find((candidate) => candidate.recipient_id === recipient.id);
    if (!row) throw new Error(`Recipient ${recipient.id} has no recorded signature`);
    const signature = row.signature_type === 'WRITTEN'
      ? { type: 'WRITTEN' as const, text: row.text as string }
      : { type: row.signature_type, image: await readBlob(blobs, row.image_blob_key as string) };
    result.set(recipient.custom_key, { name: recipient.name, email: recipient.email, signedAt: row.signed_at, signature });
  }
  return result;
}
