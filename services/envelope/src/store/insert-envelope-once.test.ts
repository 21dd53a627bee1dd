import type { Knex } from 'knex';
import type { NewOutboxRow } from '@signet/bus';
import type { EnvelopeAggregate } from '../model';
import { insertEnvelopeOnce } from './insert-envelope-once';

const aggregate = { envelope: { id: 'env-1' } } as EnvelopeAggregate;
const event = { event_id: 'evt-1' } as NewOutboxRow;
const db = {} as Knex;
const lost = new Error('Connection terminated unexpectedly');
const alreadyThere = Object.assign(new Error('duplicate key value violates unique constraint "envelopes_pkey"'), { code: '23505', constraint: 'envelopes_pkey' });

function storeFailing(...failures: Error[]) {
  const calls: number[] = [];
  return {
    calls,
    insert: async () => {
      calls.push(calls.length + 1);
      const failure = failures.shift();
      if (failure) throw failure;
    }
  };
}

describe('writing a new envelope without a transaction', () => {
  it('repeats the insert once when its connection was lost, and is done when the repeat writes it', async () => {
    const store = storeFailing(lost);
    await insertEnvelopeOnce(store, db, aggregate, event);
    expect(store.calls).toEqual([1, 2]);
  });

  it('counts a repeat that finds the envelope already there as done: the first insert committed', async () => {
    const store = storeFailing(lost, alreadyThere);
    await expect(insertEnvelopeOnce(store, db, aggregate, event)).resolves.toBeUndefined();
  });

  it('passes on any other failure, and a duplicate the first insert met (no repeat then)', async () => {
    await expect(insertEnvelopeOnce(storeFailing(alreadyThere), db, aggregate, event)).rejects.toBe(alreadyThere);
    const broken = new Error('syntax error');
    const store = storeFailing(broken);
    await expect(insertEnvelopeOnce(store, db, aggregate, event)).rejects.toBe(broken);
    expect(store.calls).toEqual([1]);
  });

  it('passes on a second lost connection', async () => {
    await expect(insertEnvelopeOnce(storeFailing(lost, lost), db, aggregate, event)).rejects.toBe(lost);
  });
});
