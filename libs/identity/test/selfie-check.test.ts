import { createLocalVerifier, DEFAULT_SELFIE_THRESHOLDS, type LocalEngine, type SelfiePolicy } from '@signet/identity';
import { makePassport, makeSelfie, plainImage, portraitImages, sideBySide, type TestFace } from '@signet/identity/testing';

/** Face work on a busy two-core host: generous, and never a measure of speed. */
const SLOW = 180_000;

describe('the local engine compares selfies with the document', () => {
  let verifier: LocalEngine;
  let eileen: TestFace;
  let other: TestFace;
  let passport: Buffer;
  let neutral: Buffer;
  /** The signer tilted 20° toward their own left (clockwise in the captured frame). */
  let tiltedLeft: Buffer;
  const policy: SelfiePolicy = {
    similarityThreshold: DEFAULT_SELFIE_THRESHOLDS.similarity,
    antispoofThreshold: DEFAULT_SELFIE_THRESHOLDS.antispoof,
    livenessThreshold: DEFAULT_SELFIE_THRESHOLDS.liveness,
    challenge: 'TILT_LEFT'
  };

  beforeAll(async () => {
    verifier = createLocalVerifier({ warm: true });
    ({ astronaut: eileen, camera: other } = await portraitImages());
    passport = await makePassport({ surname: 'Collins', givenNames: 'Eileen', number: '18FX04213', country: 'FRA', birth: '1956-11-19', expiry: '2031-05-30', sex: 'F', portrait: eileen.portrait });
    neutral = await makeSelfie(eileen.portrait);
    tiltedLeft = await makeSelfie(eileen.portrait, { tilt: 20 });
    await verifier.warm();
  }, SLOW);
  afterAll(() => verifier.close());

  it('passes the same face, tilted for the challenge, with every step scored', async () => {
    const result = await verifier.checkSelfie({ document: passport, neutral, challenge: tiltedLeft }, policy);
    expect(result).toMatchObject({ passed: true, reasons: [] });
    expect(result.subchecks.map((step) => step.name)).toEqual([
      'portrait_face_found',
      'neutral_one_face',
      'neutral_antispoof',
      'neutral_liveness',
      'challenge_one_face',
      'challenge_antispoof',
      'challenge_liveness',
      'face_match',
      'challenge_same_person',
      'challenge_tilt_left'
    ]);
    const step = (name: string) => result.subchecks.find((check) => check.name === name)!;
    expect(step('face_match')).toMatchObject({ passed: true, threshold: DEFAULT_SELFIE_THRESHOLDS.similarity });
    expect(step('face_match').score).toBeGreaterThanOrEqual(DEFAULT_SELFIE_THRESHOLDS.similarity);
    expect(step('challenge_tilt_left').score).toBeGreaterThanOrEqual(10);
    expect(result.versions['model:antispoof']).toMatch(/sha256:/);
  }, SLOW);

  it('passes TILT_RIGHT for a tilt toward the signer’s right, and not for one toward their left', async () => {
    const tiltedRight = await makeSelfie(eileen.portrait, { tilt: -20 });
    expect((await verifier.checkSelfie({ document: passport, neutral, challenge: tiltedRight }, { ...policy, challenge: 'TILT_RIGHT' })).passed).toBe(true);
    const wrongWay = await verifier.checkSelfie({ document: passport, neutral, challenge: tiltedLeft }, { ...policy, challenge: 'TILT_RIGHT' });
    expect(wrongWay.reasons).toEqual(['CHALLENGE_NOT_MET']);
  }, SLOW);

  it("fails another person's face with FACE_MISMATCH", async () => {
    const result = await verifier.checkSelfie({ document: passport, neutral: await makeSelfie(other.portrait), challenge: await makeSelfie(other.portrait, { tilt: 20 }) }, policy);
    expect(result.passed).toBe(false);
    expect(result.reasons).toContain('FACE_MISMATCH');
    expect(result.subchecks.find((check) => check.name === 'face_match')!.score).toBeLessThan(DEFAULT_SELFIE_THRESHOLDS.similarity);
  }, SLOW);

  it('fails a challenge frame of someone else with FACE_MISMATCH', async () => {
    const result = await verifier.checkSelfie({ document: passport, neutral, challenge: await makeSelfie(other.portrait, { tilt: 20 }) }, policy);
    expect(result.reasons).toContain('FACE_MISMATCH');
    expect(result.subchecks.find((check) => check.name === 'challenge_same_person')).toMatchObject({ passed: false });
  }, SLOW);

  it('fails a frame without a face with NO_FACE', async () => {
    const result = await verifier.checkSelfie({ document: passport, neutral: await plainImage(), challenge: tiltedLeft }, policy);
    expect(result).toMatchObject({ passed: false, reasons: ['NO_FACE'] });
  }, SLOW);

  it('fails a frame with two faces with MULTIPLE_FACES', async () => {
    const result = await verifier.checkSelfie({ document: passport, neutral, challenge: await sideBySide(eileen.portrait, other.portrait) }, policy);
    expect(result).toMatchObject({ passed: false, reasons: ['MULTIPLE_FACES'] });
    expect(result.subchecks.find((check) => check.name === 'challenge_one_face')).toEqual({ name: 'challenge_one_face', passed: false, score: 2, threshold: 1 });
  }, SLOW);

  it('fails an untilted challenge frame with CHALLENGE_NOT_MET', async () => {
    const result = await verifier.checkSelfie({ document: passport, neutral, challenge: await makeSelfie(eileen.portrait) }, policy);
    expect(result).toMatchObject({ passed: false, reasons: ['CHALLENGE_NOT_MET'] });
  }, SLOW);

  it('fails with PORTRAIT_NOT_FOUND when the document shows no face', async () => {
    const noPortrait = await makePassport({ surname: 'Collins', givenNames: 'Eileen', number: '18FX04213', country: 'FRA', birth: '1956-11-19', expiry: '2031-05-30', sex: 'F', portrait: null });
    const result = await verifier.checkSelfie({ document: noPortrait, neutral, challenge: tiltedLeft }, policy);
    expect(result).toMatchObject({ passed: false, reasons: ['PORTRAIT_NOT_FOUND'] });
  }, SLOW);

  it('applies the antispoof and liveness thresholds it is given', async () => {
    const result = await verifier.checkSelfie({ document: passport, neutral, challenge: tiltedLeft }, { ...policy, antispoofThreshold: 1, livenessThreshold: 1.0 });
    expect(result.passed).toBe(false);
    expect(result.reasons).toContain('SPOOF_SUSPECTED');
    for (const check of result.subchecks.filter((step) => /antispoof|liveness/.test(step.name))) expect(check.threshold).toBe(1);
  }, SLOW);
});
