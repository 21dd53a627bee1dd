import type { FieldError } from './field-errors';

/**
 * The limits every way into Signet shares (multipart create and update, batch items, templates): how
 * much one envelope may hold. Checked by the request schemas (maxProperties), so every reader of an
 * envelope definition refuses the same input with the same 422.
 */
export const ENVELOPE_LIMITS = { recipients: 100, documents: 25, placements: 500, fields: 1000 } as const;

/**
 * Deepest nesting a request body or query may have. The deepest schema Signet reads
 * (settings[localization][es][emails][email_validation][subject]) nests six levels; anything much deeper
 * means nothing, and is refused before any other work (ajv, JSON.stringify and pg all recurse).
 */
export const MAX_INPUT_DEPTH = 16;

/** PostgreSQL stores neither 0x00 in text nor \u0000 in jsonb. */
const UNSTORABLE = '\u0000';

function pathOf(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/**
 * What in a value read from a request PostgreSQL could not store, or nests deeper than MAX_INPUT_DEPTH:
 * one field error per problem (at most 20), in field paths like the schema's. Walks without recursion,
 * so any depth is refused rather than overflowing the stack.
 */
export function unstorableInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): FieldError[] {
  const problems: FieldError[] = [];
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0 && problems.length < 20) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(UNSTORABLE)) problems.push({ field: path, message: 'must not contain NUL characters' });
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) {
      problems.push({ field: path, message: `nests deeper than ${maxDepth} levels` });
      continue;
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && key.includes(UNSTORABLE)) problems.push({ field: pathOf(path, key.replace(/\u0000/g, '\\u0000')), message: 'names must not contain NUL characters' });
      else pending.push({ value: child, path: pathOf(path, key), depth: depth + 1 });
    }
  }
  return problems;
}

/** Ids Signet gives out are UUIDs; anything else names nothing, and is refused before it reaches a query. */
export const ID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const ID = new RegExp(ID_PATTERN);

export function isId(value: string): boolean {
  return ID.test(value);
}

/**
 * An ISO 8601 UTC instant to the microsecond (`2026-03-07T10:00:00.123456Z`), within years 1-9999 and a
 * real calendar date: a time PostgreSQL's timestamptz accepts as written.
 */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,6})?Z$/;

export function isStorableInstant(value: string): boolean {
  const match = INSTANT.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
