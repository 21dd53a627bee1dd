import type { RecipientRow } from '../model';

/** Recipients whose turn holds up the next order: those who act (a VIEWER only looks, a CC is never invited). */
const actsOnTurn = (recipient: RecipientRow) => recipient.role !== 'VIEWER' && recipient.role !== 'CC';

/**
 * Who is invited after someone acts: in SEQUENTIAL order, once nobody who acts is left in the current
 * order, every PENDING recipient of the next lowest order, and on past any order of viewers only (they
 * hold nobody up). PARALLEL invited everyone at send.
 */
export function nextTurn(recipients: RecipientRow[], order: 'PARALLEL' | 'SEQUENTIAL'): RecipientRow[] {
  if (order === 'PARALLEL' || recipients.some((recipient) => recipient.status === 'IN_PROGRESS' && actsOnTurn(recipient))) return [];
  const invited: RecipientRow[] = [];
  let pending = recipients.filter((recipient) => recipient.status === 'PENDING' && recipient.role !== 'CC');
  while (pending.length > 0) {
    const lowest = Math.min(...pending.map((recipient) => recipient.order));
    const group = pending.filter((recipient) => recipient.order === lowest);
    invited.push(...group);
    if (group.some(actsOnTurn)) break;
    pending = pending.filter((recipient) => recipient.order !== lowest);
  }
  return invited;
}

/**
 * The witnesses `signer`'s signature lets act: those invited already (in PARALLEL, or in their signer's
 * order) who were waiting for it. A witness still PENDING is left to `nextTurn`.
 */
export function witnessesFreedBy(recipients: RecipientRow[], signer: RecipientRow): RecipientRow[] {
  if (signer.status !== 'SIGNED') return [];
  return recipients.filter((recipient) => recipient.role === 'WITNESS' && recipient.witness_of === signer.custom_key && recipient.status === 'IN_PROGRESS');
}
