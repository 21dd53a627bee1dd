import type { RecipientRow } from '../model';

/** A WITNESS can act only once the signer they witness has signed; until then, even invited, they wait. */
export function waitsForSigner(recipients: RecipientRow[], recipient: RecipientRow): boolean {
  return recipient.role === 'WITNESS' && !recipients.some((candidate) => candidate.custom_key === recipient.witness_of && candidate.status === 'SIGNED');
}

/**
 * Who is invited after someone acts: in SEQUENTIAL order, once nobody who can act is left in the current
 * order, every PENDING recipient of the next lowest order, and on past any order that holds nobody up.
 * A VIEWER only looks and a CC is never invited; a witness holds up later orders only once their signer
 * has signed, so one ordered before their signer cannot keep that signer from ever being invited.
 * PARALLEL invited everyone at send.
 */
export function nextTurn(recipients: RecipientRow[], order: 'PARALLEL' | 'SEQUENTIAL'): RecipientRow[] {
  const holdsUp = (recipient: RecipientRow) => recipient.role !== 'VIEWER' && recipient.role !== 'CC' && !waitsForSigner(recipients, recipient);
  if (order === 'PARALLEL' || recipients.some((recipient) => recipient.status === 'IN_PROGRESS' && holdsUp(recipient))) return [];
  const invited: RecipientRow[] = [];
  let pending = recipients.filter((recipient) => recipient.status === 'PENDING' && recipient.role !== 'CC');
  while (pending.length > 0) {
    const lowest = Math.min(...pending.map((recipient) => recipient.order));
    const group = pending.filter((recipient) => recipient.order === lowest);
    invited.push(...group);
    if (group.some(holdsUp)) break;
    pending = pending.filter((recipient) => recipient.order !== lowest);
  }
  return invited;
}

/**
 * The witnesses `signer`'s signature lets act: those invited already (in PARALLEL, in their signer's
 * order or in an earlier one) who were waiting for it. A witness still PENDING is left to `nextTurn`.
 */
export function witnessesFreedBy(recipients: RecipientRow[], signer: RecipientRow): RecipientRow[] {
  if (signer.status !== 'SIGNED') return [];
  return recipients.filter((recipient) => recipient.role === 'WITNESS' && recipient.witness_of === signer.custom_key && recipient.status === 'IN_PROGRESS');
}
