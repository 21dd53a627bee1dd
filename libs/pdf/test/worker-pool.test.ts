import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { closePdfWorkers, InvalidPdfError } from '../src';
import { resolvePdfLimits, type PdfLimits } from '../src/pdf-limits';
import type { PdfTaskName, PdfTasks } from '../src/pdf-tasks';
import { runInPool } from '../src/pool-call';
import { blankPdf, deflatedZeros, objectStreamBomb, signHerePdf } from './fixtures';

const MEGABYTE = 1024 * 1024;
const INSPECT = { name: 'inspect', args: {} } as const;

/** What inspectPdf and findTextTokens do, with the id of the worker thread that ran the task. */
function runJob<N extends PdfTaskName>(task: { name: N; args: PdfTasks[N]['args'] }, bytes: Uint8Array, limits: Partial<PdfLimits> = {}) {
  return runInPool(task.name, { bytes }, task.args, resolvePdfLimits(limits));
}

async function expectTooComplex(outcome: Promise<unknown>) {
  await expect(outcome).rejects.toMatchObject({ reason: 'too_complex' });
}

describe('the PDF worker pool', () => {
  let onePage: Uint8Array;
  beforeAll(async () => {
    onePage = await blankPdf(1);
  });
  afterEach(closePdfWorkers);

  it('runs sequential jobs in the same warm worker, whichever the kind', async () => {
    const first = await runJob(INSPECT, onePage);
    const second = await runJob(INSPECT, await signHerePdf());
    const third = await runJob({ name: 'findTokens', args: { tokens: ['{{signer_1}}'] } }, await signHerePdf());
    expect(first.result.pageCount).toBe(1);
    expect(second.result.pageCount).toBe(3);
    expect(third.result['{{signer_1}}']).toHaveLength(1);
    expect(second.workerId).toBe(first.workerId);
    expect(third.workerId).toBe(first.workerId);
  });

  it('keeps the worker after a verdict on the document', async () => {
    const signHere = await signHerePdf();
    const before = await runJob(INSPECT, onePage);
    await expect(runJob(INSPECT, signHere.subarray(0, signHere.length / 2))).rejects.toMatchObject({ reason: 'corrupt' });
    await expect(runJob(INSPECT, await blankPdf(3), { maxPages: 2 })).rejects.toMatchObject({ reason: 'too_many_pages' });
    const after = await runJob(INSPECT, onePage);
    expect(after.workerId).toBe(before.workerId);
  });

  it('replaces a worker that a decompression bomb took past its memory, and the next job succeeds', async () => {
    const bomb = objectStreamBomb(await deflatedZeros(512 * MEGABYTE)); // twice the default budget
    const before = await runJob(INSPECT, onePage);
    await expectTooComplex(runJob(INSPECT, bomb));
    const after = await runJob(INSPECT, onePage);
    expect(after.result).toEqual({ pageCount: 1, pages: [{ width: 612, height: 792 }] });
    expect(after.workerId).not.toBe(before.workerId);
  });

  it('replaces a worker that missed its deadline, and the next job succeeds', async () => {
    const before = await runJob(INSPECT, onePage);
    await expectTooComplex(runJob(INSPECT, await blankPdf(2000), { timeoutMs: 1 }));
    const after = await runJob(INSPECT, onePage);
    expect(after.result.pageCount).toBe(1);
    expect(after.workerId).not.toBe(before.workerId);
  });

  it('runs a job with another memory budget in a worker started with that budget', async () => {
    const usual = await runJob(INSPECT, onePage);
    const stricter = await runJob(INSPECT, onePage, { maxMemoryMb: 64 });
    const stricterAgain = await runJob(INSPECT, onePage, { maxMemoryMb: 64 });
    expect(stricter.workerId).not.toBe(usual.workerId);
    expect(stricterAgain.workerId).toBe(stricter.workerId);
  });

  it('uses at most one worker per CPU for a burst of calls', async () => {
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => runJob(INSPECT, onePage)));
    const workerIds = new Set(outcomes.map((outcome) => outcome.workerId));
    expect(workerIds.size).toBeLessThanOrEqual(availableParallelism());
    expect(outcomes.every((outcome) => outcome.result.pageCount === 1)).toBe(true);
  });

  it('fails a job whose file the worker cannot read as a fault of the service, and replaces the worker', async () => {
    const before = await runJob(INSPECT, onePage);
    // What a file deleted between inspectPdfFile's header check and the worker's read comes to.
    const missing = { path: path.join(os.tmpdir(), `signet-missing-${process.pid}.pdf`) };
    const error = await runInPool('inspect', missing, {}, resolvePdfLimits({})).catch((caught: unknown) => caught);
    // fs's own error, created outside jest's realm: toBeInstanceOf(Error) cannot see it as one.
    expect(error).toMatchObject({ name: 'Error', code: 'ENOENT' });
    expect(error).not.toBeInstanceOf(InvalidPdfError);
    const after = await runJob(INSPECT, onePage);
    expect(after.workerId).not.toBe(before.workerId);
  });

  it('ends its workers on closePdfWorkers, and starts new ones for later calls', async () => {
    const before = await runJob(INSPECT, onePage);
    await closePdfWorkers();
    const after = await runJob(INSPECT, onePage);
    expect(after.workerId).not.toBe(before.workerId);
    expect(after.result.pageCount).toBe(1);
  });

  it('fails a call in flight when the workers are closed, as a fault of the service', async () => {
    const inFlight = runJob(INSPECT, onePage).then(() => undefined, (caught: unknown) => caught);
    // Once the microtasks have run the job has its (new) worker, which cannot have answered yet.
    await new Promise((resolve) => setImmediate(resolve));
    await closePdfWorkers();
    const error = await inFlight;
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(InvalidPdfError);
  });
});
