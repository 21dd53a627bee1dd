import { AppError } from '@signet/http';
import { UPLOAD_MACHINE } from './upload-machine';

const upload = { expires_at: new Date('2026-01-01T10:00:00.000Z') };

function answer(from: (typeof UPLOAD_MACHINE.states)[number], trigger: (typeof UPLOAD_MACHINE.triggers)[number]): string {
  try {
    return UPLOAD_MACHINE.next(from, trigger, upload);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.status} ${error.message}`;
  }
}

describe('the upload state machine', () => {
  it('answers every status x trigger as the API does', () => {
    const table = Object.fromEntries(UPLOAD_MACHINE.states.map((from) => [from, Object.fromEntries(UPLOAD_MACHINE.triggers.map((trigger) => [trigger, answer(from, trigger)]))]));
    const used = '403 This upload URL has already been used';
    const expired = '403 This upload URL expired at 2026-01-01T10:00:00.000Z; request a new one';
    const no = (from: string, trigger: string) => `409 The upload is ${from}: it cannot ${trigger}`;
    const finished = (from: string, receive: string) => ({
      expire: no(from, 'expire'), receive, refuse: receive, process: no(from, 'process'), postpone: no(from, 'postpone'), complete: no(from, 'complete'), fail: no(from, 'fail')
    });
    expect(table).toEqual({
      PENDING: { expire: 'EXPIRED', receive: 'UPLOADED', refuse: 'FAILED', process: no('PENDING', 'process'), postpone: no('PENDING', 'postpone'), complete: no('PENDING', 'complete'), fail: no('PENDING', 'fail') },
      UPLOADED: { ...finished('UPLOADED', used), process: 'PROCESSING' },
      PROCESSING: { ...finished('PROCESSING', used), process: 'PROCESSING', postpone: 'UPLOADED', complete: 'COMPLETED', fail: 'FAILED' },
      COMPLETED: finished('COMPLETED', used),
      FAILED: finished('FAILED', used),
      EXPIRED: finished('EXPIRED', expired)
    });
  });
});
