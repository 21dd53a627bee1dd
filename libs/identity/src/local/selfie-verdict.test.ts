import type { SelfiePolicy } from '../types';
import { selfieVerdict, tiltToward } from './selfie-verdict';
import type { SelfieAnswer } from './worker-answers';

const policy: SelfiePolicy = { similarityThreshold: 0.7, antispoofThreshold: 0.3, livenessThreshold: 0.4, challenge: 'TILT_LEFT' };
const frame = (roll: number) => ({ faces: 1, real: 0.5, live: 0.9, roll });
const answer = (overrides: Partial<SelfieAnswer> = {}): SelfieAnswer => ({
  portrait: { faces: 1 },
  neutral: frame(2),
  challenge: frame(17),
  similarity: 0.9,
  challengeSimilarity: 0.95,
  ...overrides
});

describe('selfieVerdict', () => {
  it('passes one live face per frame, matching the portrait, tilted to the asked side', () => {
    const result = selfieVerdict(answer(), policy, {});
    expect(result).toMatchObject({ passed: true, reasons: [] });
    expect(result.subchecks.find((step) => step.name === 'challenge_tilt_left')).toEqual({ name: 'challenge_tilt_left', passed: true, score: 15, threshold: 10 });
  });

  it("reads the signer's left as a clockwise turn of the captured frame (a growing roll)", () => {
    expect(tiltToward('TILT_LEFT', 0, 12)).toBe(12);
    expect(tiltToward('TILT_RIGHT', 0, 12)).toBe(-12);
    expect(selfieVerdict(answer(), { ...policy, challenge: 'TILT_RIGHT' }, {}).reasons).toEqual(['CHALLENGE_NOT_MET']);
    expect(selfieVerdict(answer({ challenge: frame(-14) }), { ...policy, challenge: 'TILT_RIGHT' }, {}).passed).toBe(true);
  });

  it('names each failure', () => {
    expect(selfieVerdict(answer({ similarity: 0.3 }), policy, {}).reasons).toEqual(['FACE_MISMATCH']);
    expect(selfieVerdict(answer({ challengeSimilarity: 0.2 }), policy, {}).reasons).toEqual(['FACE_MISMATCH']);
    expect(selfieVerdict(answer({ neutral: { ...frame(2), real: 0.1 } }), policy, {}).reasons).toEqual(['SPOOF_SUSPECTED']);
    expect(selfieVerdict(answer({ challenge: { ...frame(17), live: 0.05 } }), policy, {}).reasons).toEqual(['LIVENESS_FAILED']);
    expect(selfieVerdict(answer({ portrait: { faces: 0 }, similarity: null }), policy, {}).reasons).toEqual(['PORTRAIT_NOT_FOUND']);
    expect(selfieVerdict(answer({ neutral: { faces: 0, real: null, live: null, roll: null }, similarity: null, challengeSimilarity: null }), policy, {}).reasons).toEqual(['NO_FACE']);
    expect(selfieVerdict(answer({ challenge: { faces: 2, real: 0.5, live: 0.9, roll: 3 }, challengeSimilarity: null }), policy, {}).reasons).toEqual(['MULTIPLE_FACES']);
  });

  it('fails closed when a score is missing', () => {
    expect(selfieVerdict(answer({ similarity: null }), policy, {}).reasons).toEqual(['FACE_MISMATCH']);
    expect(selfieVerdict(answer({ neutral: { faces: 1, real: null, live: null, roll: 2 } }), policy, {}).reasons).toEqual(['SPOOF_SUSPECTED', 'LIVENESS_FAILED']);
    expect(selfieVerdict(answer({ challenge: { ...frame(17), roll: null } }), policy, {}).reasons).toEqual(['CHALLENGE_NOT_MET']);
  });
});
