import type { Knex } from 'knex';
import type { NewOutboxRow } from '@signet/bus';
import { lostConnection } from '@signet/db';
import type { EnvelopeAggregate } from '../model';
import type { EnvelopeStore } from './envelope-store';

const UNIQUE_VIOLATION = '23505';

/**
 * A new envelope written without a transaction: its insert is one statement, atomic alone, which saves
 * the BEGIN and COMMIT round trips. One whose connection was lost is repeated once: the envelope's id is
 * the request's own, so a repeat that finds it already there means the first committed, and one that
 * does not makes it now.
 */
export async function insertEnvelopeOnce(store: Pick<EnvelopeStore, 'insert'>, db: Knex, aggregate: EnvelopeAggregate, event: NewOutboxRow): Promise<void> {
  try {
    await store.insert(db, aggregate, event);
  } catch (error) {
    if (!lostConnection(error)) throw error;
    try {
      await store.insert(db, aggregate, event);
    } catch (repeated) {
      const { code, constraint } = repeated as { code?: string; constraint?: string };
      if (code !== UNIQUE_VIOLATION || constraint !== 'envelopes_pkey') throw repeated;
    }
  }
}
