import { performance } from 'node:perf_hooks';
import { createLocalVerifier, DEFAULT_SELFIE_THRESHOLDS, intakeImage, type DocumentPolicy, type LocalEngine, type SelfiePolicy } from '../libs/identity/src';
import { makePassport, makeSelfie, portraitImages } from '../libs/identity/src/testing';
import { percentile, round } from './measure';

const RUNS = 10;
const MB = 1024 * 1024;

const documentPolicy: DocumentPolicy = { allowedKinds: ['PASSPORT'], allowedCountries: [], nameMatch: 'MODERATE', expectedName: 'Eileen Collins', today: new Date().toISOString().slice(0, 10) };
const selfiePolicy: SelfiePolicy = {
  similarityThreshold: DEFAULT_SELFIE_THRESHOLDS.similarity,
  antispoofThreshold: DEFAULT_SELFIE_THRESHOLDS.antispoof,
  livenessThreshold: DEFAULT_SELFIE_THRESHOLDS.liveness,
  challenge: 'TILT_LEFT'
};

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

/** RSS once a collection has run (when the bench runs with --expose-gc) and the allocator has settled. */
function rssMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return round(process.memoryUsage().rss / MB, 1);
}

/**
 * The local identity engine on one worker thread (its default), on the fixtures' passport (1250 × 880
 * JPEG, MRZ and portrait) and selfie frames (720 × 960): the first call of a fresh engine (the worker
 * starts and loads tesseract.js with its English data, zxing-wasm and human's face models) against the
 * steady state, p50 and p99 over RUNS calls each, taken in turn; the engines' own load times as the
 * worker reports them (loaded once: the figures do not change after the first call); the process's
 * resident memory before, once loaded, and after every verification. Baseline: the intake alone (sharp
 * decoding, EXIF rotation and scaling of the same images), the part of a check that is not the engines.
 */
export async function benchIdentity() {
  const { astronaut } = await portraitImages();
  const passport = await makePassport({ surname: 'Collins', givenNames: 'Eileen Marie', number: '18FX04213', country: 'FRA', birth: '1956-11-19', expiry: '2031-05-30', sex: 'F', portrait: astronaut.portrait });
  const frames = { document: passport, neutral: await makeSelfie(astronaut.portrait), challenge: await makeSelfie(astronaut.portrait, { tilt: 20 }) };

  const rssBefore = rssMb();
  // Each first call on an engine of its own, so both pay a worker's start and every load.
  const firstDocumentEngine = createLocalVerifier();
  const firstDocumentMs = await timed(() => firstDocumentEngine.checkDocument(passport, documentPolicy));
  await firstDocumentEngine.close();
  const verifier: LocalEngine = createLocalVerifier();
  const firstSelfieMs = await timed(() => verifier.checkSelfie(frames, selfiePolicy));
  const loadsAfterFirst = verifier.stats().threads[0]?.loadMs;
  // The document engine (tesseract) loads on this engine's first document call: outside the steady rounds.
  await verifier.checkDocument(passport, documentPolicy);
  const rssLoaded = rssMb();

  const documentMs: number[] = [];
  const selfieMs: number[] = [];
  const intakeMs: number[] = [];
  const outcomes = { document_passed: 0, selfie_passed: 0 };
  for (let run = 0; run < RUNS; run++) {
    documentMs.push(await timed(async () => (outcomes.document_passed += (await verifier.checkDocument(passport, documentPolicy)).passed ? 1 : 0)));
    selfieMs.push(await timed(async () => (outcomes.selfie_passed += (await verifier.checkSelfie(frames, selfiePolicy)).passed ? 1 : 0)));
    intakeMs.push(await timed(() => Promise.all([intakeImage(passport), intakeImage(frames.neutral), intakeImage(frames.challenge)])));
  }
  const rssAfter = rssMb();
  const [thread] = verifier.stats().threads;
  await verifier.close();
  return {
    runs: RUNS,
    workers: 1,
    document_check: { first_call_ms: round(firstDocumentMs, 0), p50_ms: percentile(documentMs, 50), p99_ms: percentile(documentMs, 99), passed: outcomes.document_passed },
    selfie_check: { first_call_ms: round(firstSelfieMs, 0), p50_ms: percentile(selfieMs, 50), p99_ms: percentile(selfieMs, 99), passed: outcomes.selfie_passed },
    baseline_intake_three_images: { p50_ms: percentile(intakeMs, 50) },
    engine_loads_ms: { after_first_call: loadsAfterFirst ?? null, after_all_calls: thread?.loadMs ?? null, tasks_in_worker: thread?.tasksDone ?? null },
    memory: {
      rss_mb_before: rssBefore,
      rss_mb_engines_loaded: rssLoaded,
      rss_mb_after_verifications: rssAfter,
      rss_growth_mb_during_verifications: round(rssAfter - rssLoaded, 1)
    },
    network_attempts_refused: thread?.refusedNetworkAttempts ?? null
  };
}
