import { AppError } from '@signet/http';
import type { StateMachine } from '@signet/service';
import { ENVELOPE_MACHINE } from './envelope-machine';
import { RECIPIENT_MACHINE } from './recipient-machine';

/** Every from-state x trigger, as the API answers it: the next state, or the refusal's HTTP status and message. */
function walk<S extends string, T extends string>(machine: StateMachine<S, T>): Record<string, Record<string, string>> {
  const table: Record<string, Record<string, string>> = {};
  for (const from of machine.states) {
    table[from] = {};
    for (const trigger of machine.triggers) {
      try {
        (table[from] as Record<string, string>)[trigger] = machine.next(from, trigger);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        (table[from] as Record<string, string>)[trigger] = `${error.status} ${error.message}`;
      }
    }
  }
  return table;
}

const NOT_EDITABLE = (status: string) => `405 The envelope is ${status}: only CREATED or ERROR envelopes can be updated`;
const NOT_SENDABLE = (status: string) => `409 Envelope not in CREATED status (it is ${status})`;

describe('the envelope state machine', () => {
  it('answers every status x trigger as the API does', () => {
    expect(walk(ENVELOPE_MACHINE)).toEqual({
      CREATED: {
        edit: 'CREATED', edit_with_errors: 'ERROR', send: 'IN_PROGRESS', void: 'VOIDED',
        sign: '409 The envelope is CREATED: it cannot sign', reject: '409 The envelope is CREATED: it cannot reject', complete: '409 The envelope is CREATED: it cannot complete'
      },
      ERROR: {
        edit: 'CREATED', edit_with_errors: 'ERROR', send: NOT_SENDABLE('ERROR'), void: 'VOIDED',
        sign: '409 The envelope is ERROR: it cannot sign', reject: '409 The envelope is ERROR: it cannot reject', complete: '409 The envelope is ERROR: it cannot complete'
      },
      IN_PROGRESS: {
        edit: NOT_EDITABLE('IN_PROGRESS'), edit_with_errors: NOT_EDITABLE('IN_PROGRESS'), send: NOT_SENDABLE('IN_PROGRESS'),
        sign: 'IN_PROGRESS', reject: 'VOIDED', void: 'VOIDED', complete: 'SUCCESS'
      },
      SUCCESS: {
        edit: NOT_EDITABLE('SUCCESS'), edit_with_errors: NOT_EDITABLE('SUCCESS'), send: NOT_SENDABLE('SUCCESS'),
        void: '409 Cannot void an envelope in SUCCESS: every recipient has signed',
        sign: '409 The envelope is SUCCESS: it cannot sign', reject: '409 The envelope is SUCCESS: it cannot reject', complete: '409 The envelope is SUCCESS: it cannot complete'
      },
      VOIDED: {
        edit: NOT_EDITABLE('VOIDED'), edit_with_errors: NOT_EDITABLE('VOIDED'), send: NOT_SENDABLE('VOIDED'), void: 'VOIDED',
        sign: '409 The envelope is VOIDED: it cannot sign', reject: '409 The envelope is VOIDED: it cannot reject', complete: '409 The envelope is VOIDED: it cannot complete'
      }
    });
  });

  it('names every state it can lead to among its states', () => {
    for (const row of Object.values(ENVELOPE_MACHINE.transitions)) {
      for (const to of Object.values(row)) expect(ENVELOPE_MACHINE.states).toContain(to);
    }
  });
});

describe('the recipient state machine', () => {
  it('answers every status x trigger', () => {
    const refused = (status: string, trigger: string) => `409 The recipient is ${status}: they cannot ${trigger}`;
    const finished = (status: string) => Object.fromEntries(RECIPIENT_MACHINE.triggers.map((trigger) => [trigger, refused(status, trigger)]));
    expect(walk(RECIPIENT_MACHINE)).toEqual({
      PENDING: {
        invite: 'IN_PROGRESS', copy: 'COPIED', sign: refused('PENDING', 'sign'), reject: refused('PENDING', 'reject'),
        approve: refused('PENDING', 'approve'), witness: refused('PENDING', 'witness'), view: refused('PENDING', 'view')
      },
      IN_PROGRESS: {
        invite: refused('IN_PROGRESS', 'invite'), copy: refused('IN_PROGRESS', 'copy'),
        sign: 'SIGNED', reject: 'REJECTED', approve: 'APPROVED', witness: 'WITNESSED', view: 'VIEWED'
      },
      SIGNED: finished('SIGNED'),
      APPROVED: finished('APPROVED'),
      WITNESSED: finished('WITNESSED'),
      VIEWED: finished('VIEWED'),
      COPIED: finished('COPIED'),
      REJECTED: finished('REJECTED')
    });
  });
});
