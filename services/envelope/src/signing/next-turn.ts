import type { RecipientRow } from '../model';

/**
 * Who is invited after a signature: in SEQUENTIAL order, once nobody of the current order is left to
 * sign, every PENDING recipient of the next lowest order. PARALLEL invited everyone at send.
 */
export function nextTurn(recipients: RecipientRow[], order: 'PARALLEL' | 'SEQUENTIAL'): RecipientRow[] {
  if (order === 'PARALLEL' || recipients.some((recipient) => recipient.status === 'IN_PROGRESS')) return [];
  const pending = recipients.filter((recipient) => recipient.status === 'PENDING');
  if (pending.length === 0) return [];
  const lowest = Math.min(...pending.map((recipient) => recipient.order));
  return pending.filter((recipient) => recipient.order === lowest);
}
