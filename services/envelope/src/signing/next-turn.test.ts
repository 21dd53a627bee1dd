import type { RecipientRow, RecipientStatus } from '../model';
import { nextTurn, witnessesFreedBy } from './next-turn';

const recipient = (custom_key: string, order: number, status: RecipientStatus) => ({ id: custom_key, custom_key, order, status }) as RecipientRow;

describe('nextTurn', () => {
  it('invites every recipient of the next order once the current order has all signed', () => {
    const invited = nextTurn([recipient('a', 0, 'SIGNED'), recipient('b', 1, 'PENDING'), recipient('c', 1, 'PENDING'), recipient('d', 2, 'PENDING')], 'SEQUENTIAL');
    expect(invited.map((row) => row.custom_key)).toEqual(['b', 'c']);
  });

  it('waits while someone of the current order has still to sign, and invites nobody in PARALLEL or at the end', () => {
    expect(nextTurn([recipient('a', 0, 'SIGNED'), recipient('b', 0, 'IN_PROGRESS'), recipient('c', 1, 'PENDING')], 'SEQUENTIAL')).toEqual([]);
    expect(nextTurn([recipient('a', 0, 'SIGNED'), recipient('b', 1, 'PENDING')], 'PARALLEL')).toEqual([]);
    expect(nextTurn([recipient('a', 0, 'SIGNED'), recipient('b', 1, 'SIGNED')], 'SEQUENTIAL')).toEqual([]);
  });

  it('lets no VIEWER hold up the next order, invites an order of viewers along with the next one, and never invites a CC', () => {
    const as = (row: RecipientRow, role: RecipientRow['role']) => ({ ...row, role });
    expect(nextTurn([recipient('a', 0, 'SIGNED'), as(recipient('v', 0, 'IN_PROGRESS'), 'VIEWER'), recipient('b', 1, 'PENDING')], 'SEQUENTIAL').map((row) => row.custom_key)).toEqual(['b']);
    expect(nextTurn([recipient('a', 0, 'SIGNED'), as(recipient('v', 1, 'PENDING'), 'VIEWER'), as(recipient('c', 1, 'PENDING'), 'CC'), recipient('b', 2, 'PENDING'), recipient('d', 3, 'PENDING')], 'SEQUENTIAL')
      .map((row) => row.custom_key)).toEqual(['v', 'b']);
  });
});

const witness = (custom_key: string, of: string, status: RecipientStatus, order = 0) => ({ ...recipient(custom_key, order, status), role: 'WITNESS', witness_of: of }) as RecipientRow;

describe('nextTurn with a witness ordered before their signer', () => {
  const keys = (rows: RecipientRow[]) => rows.map((row) => row.custom_key);

  it('invites the waiting witness and on up to their signer, then holds later orders for the witness once the signer has signed', () => {
    expect(keys(nextTurn([witness('w', 'ana', 'PENDING', 0), recipient('bob', 1, 'PENDING'), recipient('ana', 2, 'PENDING'), recipient('cy', 3, 'PENDING')], 'SEQUENTIAL'))).toEqual(['w', 'bob']);
    expect(keys(nextTurn([witness('w', 'ana', 'IN_PROGRESS', 0), recipient('bob', 1, 'SIGNED'), recipient('ana', 2, 'PENDING'), recipient('cy', 3, 'PENDING')], 'SEQUENTIAL'))).toEqual(['ana']);
    expect(nextTurn([witness('w', 'ana', 'IN_PROGRESS', 0), recipient('bob', 1, 'SIGNED'), recipient('ana', 2, 'SIGNED'), recipient('cy', 3, 'PENDING')], 'SEQUENTIAL')).toEqual([]);
    expect(keys(nextTurn([witness('w', 'ana', 'WITNESSED', 0), recipient('bob', 1, 'SIGNED'), recipient('ana', 2, 'SIGNED'), recipient('cy', 3, 'PENDING')], 'SEQUENTIAL'))).toEqual(['cy']);
  });

  it('lets a witness of the same or a later order than their signer hold up the next order as before', () => {
    expect(keys(nextTurn([recipient('ana', 0, 'PENDING'), witness('w', 'ana', 'PENDING', 0), recipient('cy', 1, 'PENDING')], 'SEQUENTIAL'))).toEqual(['ana', 'w']);
    expect(keys(nextTurn([recipient('ana', 0, 'SIGNED'), witness('w', 'ana', 'PENDING', 1), recipient('cy', 2, 'PENDING')], 'SEQUENTIAL'))).toEqual(['w']);
  });
});

describe('witnessesFreedBy', () => {

  it('names the invited witnesses of the signer who just signed, not those still pending, done, or of someone else', () => {
    const ana = recipient('ana', 0, 'SIGNED');
    const recipients = [ana, recipient('ben', 0, 'IN_PROGRESS'), witness('w1', 'ana', 'IN_PROGRESS'), witness('w2', 'ana', 'PENDING'), witness('w3', 'ben', 'IN_PROGRESS'), witness('w4', 'ana', 'WITNESSED')];
    expect(witnessesFreedBy(recipients, ana).map((row) => row.custom_key)).toEqual(['w1']);
    expect(witnessesFreedBy(recipients, { ...ana, status: 'IN_PROGRESS' })).toEqual([]);
  });
});
