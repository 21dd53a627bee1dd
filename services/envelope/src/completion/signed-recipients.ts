import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import type { SignedRecipient } from '@signet/signed-pdf';
import { readBlob } from '../documents/read-blob';
import type { EnvelopeAggregate, SignatureRow } from '../model';

/** Each recipient's recorded signature, by recipient key (what placements name), ready for stamping. */
export async function signedRecipients(db: Knex, blobs: BlobStore, aggregate: EnvelopeAggregate): Promise<Map<string, SignedRecipient>> {
  const rows: SignatureRow[] = await db('signatures').where({ envelope_id: aggregate.envelope.id });
  const result = new Map<string, SignedRecipient>();
  for (const recipient of aggregate.recipients) {
    const row = rows.find((candidate) => candidate.recipient_id === recipient.id);
    if (!row) throw new Error(`Recipient ${recipient.id} has no recorded signature`);
    const signature = row.signature_type === 'WRITTEN'
      ? { type: 'WRITTEN' as const, text: row.text as string }
      : { type: row.signature_type, image: await readBlob(blobs, row.image_blob_key as string) };
    result.set(recipient.custom_key, { name: recipient.name, email: recipient.email, signedAt: row.signed_at, signature });
  }
  return result;
}
