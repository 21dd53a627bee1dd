import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

type Nameable = Knex.QueryBuilder | Knex.Raw;

/**
 * Sends a statement that runs on every create as a named prepared statement: PostgreSQL parses and
 * plans it once per connection instead of on every run. The name stands for the statement's text (pg
 * refuses a name reused for another text), so only a statement whose text does not depend on its
 * input may be named this way, and names stay few: each is kept by every connection that ran it.
 */
export function prepared<Query extends Nameable>(name: string, query: Query): Query {
  return query.options({ name }) as Query;
}

/** Names already worked out: the texts are few, and the statement runs on every create. */
const names = new Map<string, string>();

/**
 * A name for a statement whose text is one of a few a code path builds (its column lists, say): the
 * text's own digest, so a second text gets a second name rather than an error.
 */
export function preparedNameOf(prefix: string, text: string): string {
  const key = `${prefix}\n${text}`;
  let name = names.get(key);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(key, name);
  }
  return name;
}
