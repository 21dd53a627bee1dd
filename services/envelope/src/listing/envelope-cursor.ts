import { isId, isStorableInstant } from '@signet/contracts';
import { validationError } from '@signet/http';

export type ListOrder = 'asc' | 'desc';

/** Where a page ended: the last envelope's creation time (ISO 8601 in UTC, to the microsecond, as PostgreSQL keeps it) and id. */
export interface EnvelopeCursor {
  createdAt: string;
  id: string;
  order: ListOrder;
}

/** Opaque to callers: base64url JSON, so its shape may change without breaking anyone who only passes it back. */
export function encodeCursor(cursor: EnvelopeCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.createdAt, i: cursor.id, o: cursor.order })).toString('base64url');
}

export function decodeCursor(value: string, order: ListOrder): EnvelopeCursor {
  const invalid = () => validationError([{ field: 'cursor', message: 'is not a cursor this list gave out' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { t, i, o } = (parsed ?? {}) as { t?: unknown; i?: unknown; o?: unknown };
  // Checked in full, not just parsed: whatever reaches the query is a time and an id PostgreSQL accepts as written.
  if (typeof t !== 'string' || typeof i !== 'string' || (o !== 'asc' && o !== 'desc') || !isStorableInstant(t) || !isId(i)) throw invalid();
  if (o !== order) throw validationError([{ field: 'order', message: `must stay ${o} while following this cursor` }]);
  return { createdAt: t, id: i, order: o };
}
