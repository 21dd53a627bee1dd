import net from 'node:net';
import { createLocalVerifier, DEFAULT_SELFIE_THRESHOLDS, type LocalEngine } from '@signet/identity';
import { makePassport, makeSelfie, portraitImages } from '@signet/identity/testing';

const SLOW = 180_000;

describe('the local engine works offline', () => {
  let verifier: LocalEngine;
  afterEach(() => verifier?.close());

  it('completes a document and a selfie check without a single network attempt, in the workers or here', async () => {
    verifier = createLocalVerifier();
    const { astronaut } = await portraitImages();
    const passport = await makePassport({ surname: 'Collins', givenNames: 'Eileen', number: '18FX04213', country: 'FRA', birth: '1956-11-19', expiry: '2031-05-30', sex: 'F', portrait: astronaut.portrait });
    const selfie = { document: passport, neutral: await makeSelfie(astronaut.portrait), challenge: await makeSelfie(astronaut.portrait, { tilt: 20 }) };
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const connectSpy = jest.spyOn(net.Socket.prototype, 'connect');
    try {
      const document = await verifier.checkDocument(passport, { allowedKinds: ['PASSPORT'], allowedCountries: [], nameMatch: 'MODERATE', expectedName: 'Eileen Collins', today: '2026-11-29' });
      const faces = await verifier.checkSelfie(selfie, { similarityThreshold: DEFAULT_SELFIE_THRESHOLDS.similarity, antispoofThreshold: DEFAULT_SELFIE_THRESHOLDS.antispoof, livenessThreshold: DEFAULT_SELFIE_THRESHOLDS.liveness, challenge: 'TILT_LEFT' });
      expect([document.passed, faces.passed]).toEqual([true, true]);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(connectSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
      connectSpy.mockRestore();
    }
    // Every engine loaded (models through the worker's file-only fetch), and its guard refused nothing.
    const [thread] = verifier.stats().threads;
    expect(thread).toMatchObject({ tasksDone: 2, refusedNetworkAttempts: 0, loadMs: { ocr: expect.any(Number), barcode: expect.any(Number), faces: expect.any(Number) } });
  }, SLOW);

  it("refuses a worker's fetch of an http URL and its TCP connections", async () => {
    verifier = createLocalVerifier();
    expect(await verifier.offlineSelfTest()).toEqual({ fetch: 'refused', socket: 'refused' });
    expect(verifier.stats().threads[0]!.refusedNetworkAttempts).toBe(2);
  }, SLOW);
});

describe('faults of the engine are ordinary errors, never verdicts', () => {
  let verifier: LocalEngine;
  afterEach(() => verifier?.close());

  async function passport(): Promise<Buffer> {
    const { astronaut } = await portraitImages();
    return makePassport({ surname: 'Collins', givenNames: 'Eileen', number: '18FX04213', country: 'FRA', birth: '1956-11-19', expiry: '2031-05-30', sex: 'F', portrait: astronaut.portrait });
  }
  const policy = { allowedKinds: ['PASSPORT'] as const, allowedCountries: [], nameMatch: 'MODERATE' as const, expectedName: 'Eileen Collins', today: '2026-11-29' };

  it('fails a check that outlives its time limit with an Error, and ends its worker', async () => {
    verifier = createLocalVerifier({ taskTimeoutMs: 1 });
    const error = await verifier.checkDocument(await passport(), policy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toHaveProperty('code');
    expect((error as Error).message).toMatch(/did not finish within/);
  }, SLOW);

  it('fails the call of a worker that dies (over its memory budget) and recovers', async () => {
    // 64 MB cannot hold the engines: the worker's watchdog ends it during the task.
    verifier = createLocalVerifier({ maxMemoryMb: 64 });
    const error = await verifier.checkDocument(await passport(), policy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('Error');
    expect((error as Error).message).toMatch(/identity worker failed/);
    await verifier.close();
    verifier = createLocalVerifier();
    expect((await verifier.checkDocument(await passport(), policy)).passed).toBe(true);
  }, SLOW);

  it('refuses a bad policy as the caller’s mistake', async () => {
    verifier = createLocalVerifier();
    await expect(verifier.checkDocument(await passport(), { ...policy, today: '29/11/2026' })).rejects.toBeInstanceOf(RangeError);
    expect(() => createLocalVerifier({ workers: 0 })).toThrow(RangeError);
  }, SLOW);
});
