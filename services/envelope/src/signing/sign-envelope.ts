import { Readable } from 'node:stream';
import { AppError } from '@signet/http';
import { v7 as uuidv7 } from 'uuid';
import type { EnvelopeDeps } from '../envelope-deps';
import { writeRecipientEvent } from '../envelope-events';
import { cancelSchedule, startReminders } from '../expiry/expiry-schedule';
import { fillFields } from '../fields/fill-fields';
import { assertValuesFit } from '../fields/value-fit';
import type { RecipientRow, SignatureRow } from '../model';
import { fieldsPayload } from '../present/fields-payload';
import { actTrigger, isSettled, RECIPIENT_MACHINE } from '../state/recipient-machine';
import type { RecipientEventType } from '../envelope-events';
import { nextTurn, witnessesFreedBy } from './next-turn';
import { readAct } from './read-act';
import type { SignatureInput } from './read-signature';
import { appendActRevisions } from '../signatures/append-act-revisions';
import { openActSigner } from '../signatures/act-signer';
import type { Signature, SignedRecipient } from '@signet/signed-pdf';
import { signatureBlobKey } from './signature-blob-key';
import type { SignerIdentity } from './signing-state';
import { loadSigningAccess } from './signing-access';
import { assertReady } from './signing-state';
import { validationGate, verifyFirst } from './validation-gate';

export interface SignInput {
  token: string;
  /** The signer's JSON body as it came: consent and the signature. */
  body: unknown;
  identity: SignerIdentity;
  requestId: string;
}

/** The act as its revision draws it: the signature, or an APPROVER's approval. */
function drawnAct(recipient: RecipientRow, signature: SignatureInput | null, now: Date): SignedRecipient {
  const drawn: Signature = signature === null ? { type: 'APPROVED' } : signature.type === 'WRITTEN' ? { type: 'WRITTEN', text: signature.text } : { type: signature.type, image: signature.image };
  return { name: recipient.name, email: recipient.email, signedAt: now, signature: drawn };
}

/** The event of each role's act: a SIGNER's as it has always been. */
function actEvent(recipient: RecipientRow): RecipientEventType {
  if (recipient.role === 'APPROVER') return 'recipient.approved';
  if (recipient.role === 'WITNESS') return 'recipient.witnessed';
  return 'recipient.signed_all';
}

/**
 * POST /signing/v1/:token/sign (public): the token's recipient acts, once, while it is their turn: a
 * SIGNER signs, a WITNESS signs as witness, an APPROVER approves (consent, no signature), each with the
 * values of their fields, which are checked first (422 naming the field, nothing recorded). The act,
 * its values, the recipient's new status and the next invitations commit together under the envelope's
 * row lock; the signed PDFs are built afterwards by the completion job the last act queues.
 */
export async function signEnvelope(deps: EnvelopeDeps, { token, body, identity, requestId }: SignInput): Promise<{ signedAt: Date }> {
  const before = await loadSigningAccess(deps, deps.db, token);
  assertReady(before);
  const { signature, fields, otp } = readAct(body, before.aggregate.envelope.settings, before.recipient.role);
  await assertValuesFit(before.aggregate, before.recipient, fillFields(before.aggregate, before.recipient, fields, deps.clock()));
  const gate = await validationGate(deps, before, requestId);
  if (gate.required && !gate.verified) throw new AppError('FORBIDDEN', `${verifyFirst(gate)} before signing`);
  const { envelope } = before.aggregate;
  // Stored before the transaction so no blob write holds the lock, under a key of this attempt's own; a refused sign deletes it.
  let imageKey: string | null = null;
  if (signature !== null && signature.type !== 'WRITTEN') {
    imageKey = signatureBlobKey(envelope.tenant_id, envelope.id, before.recipient.id, signature.contentType);
    await deps.blobs.put(imageKey, Readable.from(signature.image), { contentType: signature.contentType });
  }
  const now = deps.clock();
  // advanced and qualified: the act's own key (or the provider's), from here to the end of the act only.
  const actSigner = await openActSigner(deps, { envelope, recipient: before.recipient, gate, otp, now });
  const revisions: string[] = [];
  await deps.db.transaction(async (trx): Promise<void> => {
    const access = await loadSigningAccess(deps, trx, token, { forUpdate: true });
    assertReady(access);
    const values = fillFields(access.aggregate, access.recipient, fields, now);
    if (actSigner) {
      const aggregate = { ...access.aggregate, fieldValues: [...(access.aggregate.fieldValues ?? []), ...values] };
      await appendActRevisions(deps, trx, { aggregate, recipient: access.recipient, act: drawnAct(access.recipient, signature, now), actSigner, now }, revisions);
    }
    if (signature !== null) {
      const row: SignatureRow = {
        id: uuidv7(), envelope_id: envelope.id, recipient_id: access.recipient.id, signature_type: signature.type,
        text: signature.type === 'WRITTEN' ? signature.text : null, image_blob_key: imageKey, consent: true, ...identity, signed_at: now
      };
      await trx('signatures').insert(row);
    }
    if (values.length > 0) await trx('field_values').insert(values.map((value) => ({ ...value, value: JSON.stringify(value.value) })));
    const changes = { status: RECIPIENT_MACHINE.next(access.recipient.status, actTrigger(access.recipient.role)), signed_at: now, updated_at: now };
    const signed = { ...access.recipient, ...changes };
    await deps.store.updateRecipient(trx, signed.id, changes);
    const recipients = access.aggregate.recipients.map((recipient) => (recipient.id === signed.id ? signed : recipient));
    const creator = access.aggregate.envelope.api_key_id;
    const actor = { tenantId: envelope.tenant_id, requestId };
    const filled = await fieldsPayload({ ...access.aggregate, fieldValues: [...(access.aggregate.fieldValues ?? []), ...values] }, deps.links, signed.id);
    await writeRecipientEvent(trx, actEvent(signed), signed, creator, actor, now, { ...identity, fields: filled });
    await deps.jobs.cancelReminder(trx, signed.id);
    for (const invited of nextTurn(recipients, access.aggregate.envelope.settings.signature_flow.signature_order)) {
      const invitation = { status: RECIPIENT_MACHINE.next(invited.status, 'invite'), turn_started_at: now, updated_at: now };
      await deps.store.updateRecipient(trx, invited.id, invitation);
      await startReminders(deps, trx, access.aggregate.envelope, invited.id, now);
      await writeRecipientEvent(trx, 'recipient.in_progress', { ...invited, ...invitation }, creator, actor, now);
    }
    for (const witness of witnessesFreedBy(recipients, signed)) {
      // Invited before they could act, a witness's turn (and so their reminders) begins with their signer's signature.
      await deps.store.updateRecipient(trx, witness.id, { turn_started_at: now });
      await startReminders(deps, trx, access.aggregate.envelope, witness.id, now);
    }
    if (recipients.every(isSettled)) {
      // Every signature is in: nothing may expire or be reminded while the completion job seals it.
      await cancelSchedule(deps, trx, access.aggregate);
      await deps.jobs.queueCompletion(trx, envelope.tenant_id, envelope.id);
    }
  }).catch(async (error: unknown) => {
    // Only a refusal is surely rolled back (a failed commit might not be): its image and revisions are nobody's.
    if (error instanceof AppError) {
      for (const key of [...(imageKey === null ? [] : [imageKey]), ...revisions]) await deps.blobs.delete(key).catch(() => undefined);
    }
    throw error;
  }).finally(() => actSigner?.destroy());
  deps.relay.wake();
  return { signedAt: now };
}
