import { DEFAULT_BIOMETRIC } from '@signet/contracts';
import { DEFAULT_SELFIE_THRESHOLDS } from '@signet/identity';
import { identityCheckMachine } from './identity-machine';

describe('the identity check state machine', () => {
  it('runs an attempt from PENDING to its outcome, and lets another follow a failure or an expiry', () => {
    const started = identityCheckMachine.next('PENDING', 'start');
    expect(started).toBe('IN_PROGRESS');
    expect(identityCheckMachine.next(started, 'pass')).toBe('PASSED');
    expect(identityCheckMachine.next(started, 'fail')).toBe('FAILED');
    expect(identityCheckMachine.next(started, 'lock')).toBe('LOCKED');
    expect(identityCheckMachine.next(started, 'expire')).toBe('EXPIRED');
    expect(identityCheckMachine.next('FAILED', 'start')).toBe('IN_PROGRESS');
    expect(identityCheckMachine.next('EXPIRED', 'start')).toBe('IN_PROGRESS');
  });

  it('refuses an attempt on a locked or passed check with a 409 that says what to do', () => {
    expect(() => identityCheckMachine.next('LOCKED', 'start')).toThrow(expect.objectContaining({ status: 409, message: expect.stringMatching(/sender can reset/) }));
    expect(() => identityCheckMachine.next('PASSED', 'start')).toThrow(expect.objectContaining({ status: 409, message: 'This identity check has already passed' }));
    expect(() => identityCheckMachine.next('PASSED', 'reset')).toThrow(expect.objectContaining({ status: 409 }));
  });

  it('lets a sender reset or pass any check not passed, and an assertion pass it', () => {
    for (const from of ['PENDING', 'IN_PROGRESS', 'FAILED', 'LOCKED', 'EXPIRED'] as const) {
      expect(identityCheckMachine.next(from, 'reset')).toBe('PENDING');
      expect(identityCheckMachine.next(from, 'approve')).toBe('PASSED');
      expect(identityCheckMachine.next(from, 'assert')).toBe('PASSED');
    }
    // No outcome without an attempt under way.
    for (const trigger of ['pass', 'fail', 'lock', 'expire'] as const) expect(identityCheckMachine.allows('PENDING', trigger)).toBe(false);
  });

  it('defaults the selfie thresholds of the settings to those calibrated for the local engine', () => {
    expect({ similarity: DEFAULT_BIOMETRIC.similarity_threshold, antispoof: DEFAULT_BIOMETRIC.antispoof_threshold, liveness: DEFAULT_BIOMETRIC.liveness_threshold }).toEqual(DEFAULT_SELFIE_THRESHOLDS);
  });
});
