import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { baseRevision, type SignedRecipient, signRevision, stampDocument } from '@signet/signed-pdf';
import { v7 as uuidv7 } from 'uuid';
import { documentMarks } from '../completion/document-marks';
import { readBlob } from '../documents/read-blob';
import type { EnvelopeDeps } from '../envelope-deps';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import type { ActSigner } from './act-signer';
import { envelopeRevisions, insertRevision, latestOf } from './revision-store';

export interface ActRevisionInput {
  /** The envelope with this act's field values among its own. */
  aggregate: EnvelopeAggregate;
  recipient: RecipientRow;
  /** The act as it is drawn: the signature (or approval), name, email and time. */
  act: SignedRecipient;
  actSigner: ActSigner;
  now: Date;
}

/** The signature's /Reason: what the recipient's act was. */
function reasonOf(recipient: RecipientRow): string {
  if (recipient.role === 'APPROVER') return 'Approved';
  return recipient.role === 'WITNESS' ? 'Witnessed' : 'Signed';
}

/**
 * Appends this act's revision to each SIGNABLE document, inside the act's transaction (under the
 * envelope's row lock, so acts follow one another on the latest revision): the recipient's marks and
 * field values, then their signature over the whole document as it then is. Each PDF goes under a key
 * of its own, pushed to `written` so a refused act can delete it.
 */
export async function appendActRevisions(deps: EnvelopeDeps, trx: Knex.Transaction, input: ActRevisionInput, written: string[]): Promise<void> {
  const { aggregate, recipient, act, actSigner, now } = input;
  const { envelope } = aggregate;
  const latest = latestOf(await envelopeRevisions(trx, envelope.id));
  const seal = await deps.sealIdentity();
  for (const document of aggregate.documents.filter((candidate) => candidate.file_type === 'SIGNABLE')) {
    const previous = latest.get(document.id);
    const readOriginal = () => readBlob(deps.blobs, document.blob_key);
    // After the first act the original is needed only to find placement tokens, and read only then.
    const current = previous ? await readBlob(deps.blobs, previous.blob_key) : await baseRevision(await readOriginal());
    const marks = await documentMarks(aggregate, document, readOriginal, new Map([[recipient.custom_key, act]]), {
      kind: 'act', recipientKey: recipient.custom_key, firstRevision: previous === undefined
    }, null);
    const bytes = await signRevision(current, {
      signer: actSigner.signer, timestamper: seal.timestamper ?? undefined, name: recipient.name, reason: reasonOf(recipient),
      signedAt: now, fieldPrefix: 'Signature'
    }, (pdf) => stampDocument(pdf, marks));
    const key = `tenants/${envelope.tenant_id}/envelopes/${envelope.id}/revisions/${document.id}-${uuidv7()}.pdf`;
    written.push(key);
    const stored = await deps.blobs.put(key, Readable.from(bytes), { contentType: 'application/pdf' });
    await insertRevision(trx, {
      id: uuidv7(), envelope_id: envelope.id, document_id: document.id, recipient_id: recipient.id, revision: (previous?.revision ?? 0) + 1,
      level: actSigner.level, blob_key: key, sha256: stored.sha256, certificates: actSigner.signer.certificates.map((der) => der.toString('base64')), created_at: now
    });
  }
}
