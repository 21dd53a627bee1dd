import type { EngineVersions, ReasonCode, SelfieCheckResult, SelfiePolicy, SubCheck } from '../types';
import { CHALLENGE_MIN_ROLL_DEGREES } from './defaults';
import type { FrameAnswer, SelfieAnswer } from './worker-answers';

const step = (name: string, passed: boolean, score: number | null = null, threshold: number | null = null): SubCheck => ({ name, passed, score, threshold });
const round = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

/**
 * How far the head rolled from the neutral frame to the challenge frame toward the asked side, in degrees.
 * Frames are as the camera captures them (not mirrored). The signer's left is their own left: in the
 * mirrored preview a signer watches, tilting left moves their head toward the screen's left; in the
 * captured frame the face turns clockwise, which human reports as a growing roll. So TILT_LEFT asks for
 * the roll to grow, TILT_RIGHT for it to shrink.
 */
export function tiltToward(challenge: SelfiePolicy['challenge'], neutralRoll: number, challengeRoll: number): number {
  const delta = challengeRoll - neutralRoll;
  return challenge === 'TILT_LEFT' ? delta : -delta;
}

function frameSteps(label: 'neutral' | 'challenge', frame: FrameAnswer, policy: SelfiePolicy, reasons: Set<ReasonCode>): SubCheck[] {
  const oneFace = frame.faces === 1;
  if (frame.faces === 0) reasons.add('NO_FACE');
  if (frame.faces > 1) reasons.add('MULTIPLE_FACES');
  const steps = [step(`${label}_one_face`, oneFace, frame.faces, 1)];
  if (!oneFace) return steps;
  const real = frame.real ?? 0;
  const live = frame.live ?? 0;
  steps.push(step(`${label}_antispoof`, real >= policy.antispoofThreshold, round(real), policy.antispoofThreshold));
  steps.push(step(`${label}_liveness`, live >= policy.livenessThreshold, round(live), policy.livenessThreshold));
  if (real < policy.antispoofThreshold) reasons.add('SPOOF_SUSPECTED');
  if (live < policy.livenessThreshold) reasons.add('LIVENESS_FAILED');
  return steps;
}

/**
 * The selfie check's verdict: each frame shows exactly one face that passes antispoof and liveness; the
 * neutral frame's face matches the document's portrait; the challenge frame shows the same person with
 * the head tilted at least CHALLENGE_MIN_ROLL_DEGREES toward the asked side.
 */
export function selfieVerdict(answer: SelfieAnswer, policy: SelfiePolicy, versions: EngineVersions): SelfieCheckResult {
  const reasons = new Set<ReasonCode>();
  const subchecks: SubCheck[] = [];
  const portraitFound = answer.portrait.faces > 0;
  subchecks.push(step('portrait_face_found', portraitFound, answer.portrait.faces, 1));
  if (!portraitFound) reasons.add('PORTRAIT_NOT_FOUND');

  subchecks.push(...frameSteps('neutral', answer.neutral, policy, reasons));
  subchecks.push(...frameSteps('challenge', answer.challenge, policy, reasons));

  // A face with no embedding (it should not happen) scores 0: a check never passes on what it did not compute.
  if (portraitFound && answer.neutral.faces === 1) {
    const similarity = answer.similarity ?? 0;
    const matches = similarity >= policy.similarityThreshold;
    subchecks.push(step('face_match', matches, round(similarity), policy.similarityThreshold));
    if (!matches) reasons.add('FACE_MISMATCH');
  }
  if (answer.neutral.faces === 1 && answer.challenge.faces === 1) {
    const challengeSimilarity = answer.challengeSimilarity ?? 0;
    const samePerson = challengeSimilarity >= policy.similarityThreshold;
    subchecks.push(step('challenge_same_person', samePerson, round(challengeSimilarity), policy.similarityThreshold));
    if (!samePerson) reasons.add('FACE_MISMATCH');
    const { roll: neutralRoll } = answer.neutral;
    const { roll: challengeRoll } = answer.challenge;
    const tilt = neutralRoll !== null && challengeRoll !== null ? tiltToward(policy.challenge, neutralRoll, challengeRoll) : null;
    const met = tilt !== null && tilt >= CHALLENGE_MIN_ROLL_DEGREES;
    subchecks.push(step(`challenge_${policy.challenge.toLowerCase()}`, met, tilt === null ? null : Math.round(tilt * 10) / 10, CHALLENGE_MIN_ROLL_DEGREES));
    if (!met) reasons.add('CHALLENGE_NOT_MET');
  }
  return { passed: reasons.size === 0 && subchecks.every((check) => check.passed), reasons: [...reasons], subchecks, versions };
}
