import { DOCUMENT_KINDS, NAME_MATCHES, SELFIE_CHALLENGES, type DocumentCheckResult, type DocumentPolicy, type LocalVerifier, type SelfieCheckResult, type SelfieFrames, type SelfiePolicy } from '../types';
import { documentVerdict } from './document-verdict';
import { DEFAULT_POOL_OPTIONS, IdentityPool, type IdentityPoolOptions, type IdentityPoolStats } from './identity-pool';
import { intakeImage } from './intake';
import { selfieVerdict } from './selfie-verdict';
import type { DocumentAnswer, SelfieAnswer } from './worker-answers';

/** The caller's settings for the engine (the app passes IDENTITY_WORKERS and the like; the library reads no environment). */
export type LocalVerifierOptions = Partial<IdentityPoolOptions>;

/** The local engine, with what the bench and health checks read. */
export interface LocalEngine extends LocalVerifier {
  /** Resolves once every worker has loaded every engine (at once if they have). */
  warm(): Promise<void>;
  /** The workers, what each has loaded (and how long it took), and the process's resident memory. */
  stats(): IdentityPoolStats;
  /**
   * Asks a worker to open an http fetch and a TCP connection (to the loopback discard port): both must be
   * refused by its offline guard. For health checks and tests; counts in refusedNetworkAttempts.
   */
  offlineSelfTest(): Promise<{ fetch: string; socket: string }>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDocumentPolicy(policy: DocumentPolicy): void {
  if (!DATE.test(policy.today)) throw new RangeError('DocumentPolicy.today must be a date, YYYY-MM-DD');
  if (!NAME_MATCHES.includes(policy.nameMatch)) throw new RangeError(`DocumentPolicy.nameMatch must be one of ${NAME_MATCHES.join(', ')}`);
  if (policy.allowedKinds.length === 0 || policy.allowedKinds.some((kind) => !DOCUMENT_KINDS.includes(kind))) throw new RangeError(`DocumentPolicy.allowedKinds must name some of ${DOCUMENT_KINDS.join(', ')}`);
  if (typeof policy.expectedName !== 'string' || policy.expectedName.trim() === '') throw new RangeError('DocumentPolicy.expectedName must be a name');
}

function checkSelfiePolicy(policy: SelfiePolicy): void {
  for (const key of ['similarityThreshold', 'antispoofThreshold', 'livenessThreshold'] as const) {
    const value = policy[key];
    if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RangeError(`SelfiePolicy.${key} must be a number from 0 to 1`);
  }
  if (!SELFIE_CHALLENGES.includes(policy.challenge)) throw new RangeError(`SelfiePolicy.challenge must be one of ${SELFIE_CHALLENGES.join(', ')}`);
}

function checkOptions(options: IdentityPoolOptions): void {
  for (const key of ['workers', 'taskTimeoutMs', 'maxMemoryMb', 'idleTimeoutMs'] as const) {
    if (!Number.isInteger(options[key]) || options[key] < 1) throw new RangeError(`LocalVerifierOptions.${key} must be a positive integer`);
  }
  if (!Number.isInteger(options.maxQueued) || options.maxQueued < 0) throw new RangeError('LocalVerifierOptions.maxQueued must be an integer, 0 or more');
}

/**
 * The self-hosted verifier: every photo is checked and normalised first (intake.ts: IdentityInputError for
 * malformed input, before anything is counted), then read in the engine's worker threads, offline, and
 * judged against the policy here. Rejects with an ordinary Error only for a fault of its own.
 */
export function createLocalVerifier(options: LocalVerifierOptions = {}): LocalEngine {
  const settings: IdentityPoolOptions = { ...DEFAULT_POOL_OPTIONS, ...options };
  checkOptions(settings);
  const pool = new IdentityPool(settings);
  let warming: Promise<void> | null = null;
  const warm = () => (warming ??= pool.warm().catch((error: unknown) => {
    warming = null;
    throw error;
  }));
  // Warm on start if asked; a failure here surfaces on the first check, which loads the engines again.
  if (settings.warm) warm().catch(() => {});

  return {
    provider: 'local',
    async checkDocument(image: Buffer, policy: DocumentPolicy): Promise<DocumentCheckResult> {
      checkDocumentPolicy(policy);
      const working = await intakeImage(image);
      const { result, versions } = await pool.run<DocumentAnswer>('checkDocument', { image: working }, [working.pixels]);
      return documentVerdict(result, policy, versions);
    },
    async checkSelfie(frames: SelfieFrames, policy: SelfiePolicy): Promise<SelfieCheckResult> {
      checkSelfiePolicy(policy);
      const [document, neutral, challenge] = await Promise.all([intakeImage(frames.document), intakeImage(frames.neutral), intakeImage(frames.challenge)]);
      const { result, versions } = await pool.run<SelfieAnswer>('checkSelfie', { document, neutral, challenge }, [document.pixels, neutral.pixels, challenge.pixels]);
      return selfieVerdict(result, policy, versions);
    },
    warm,
    stats: () => pool.snapshot(),
    offlineSelfTest: async () => (await pool.run<{ fetch: string; socket: string }>('offlineSelfTest', {})).result,
    close: () => pool.close()
  };
}
