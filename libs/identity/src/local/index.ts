export { createLocalVerifier, type LocalEngine, type LocalVerifierOptions } from './local-verifier';
export { ASSURANCE, CHALLENGE_MIN_ROLL_DEGREES, DEFAULT_SELFIE_THRESHOLDS } from './defaults';
export { DEFAULT_POOL_OPTIONS, type IdentityPoolOptions, type IdentityPoolStats } from './identity-pool';
export { IMAGE_LIMITS, intakeImage, sniffImageFormat, type WorkingImage } from './intake';
export { matchName, nameWords, type DocumentName, type NameMatchOutcome } from './name-match';
export type { WorkerStats } from './worker-answers';
