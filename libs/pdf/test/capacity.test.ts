import { closePdfWorkers, DEFAULT_PDF_LIMITS, DEFAULT_SLOT_OPTIONS, findTextTokens, inspectPdf, InvalidPdfError, PdfOverloadedError, startPdfWorkers } from '../src';
import { pdfPoolState } from '../src/pdf-pool';
import { waitFor } from '@signet/testkit';
import { blankPdf, signHerePdf, SIGN_HERE } from './fixtures';

describe('PDF capacity: a busy host is never a verdict on the document', () => {
  let onePage: Uint8Array;
  let signHere: Uint8Array;
  beforeAll(async () => {
    onePage = await blankPdf(1);
    signHere = await signHerePdf();
  });
  afterEach(closePdfWorkers);

  it('does not count a cold worker start against the budget of the job', async () => {
    await closePdfWorkers();
    // Starting a worker and loading pdf.js takes several times this budget of CPU; the search itself does not.
    const found = await findTextTokens(signHere, [SIGN_HERE.text], { timeoutMs: 100 });
    expect(found[SIGN_HERE.text]).toHaveLength(1);
  });

  it('still refuses a document whose own work takes more than the budget', async () => {
    await expect(inspectPdf(await blankPdf(2000), { timeoutMs: 1 })).rejects.toMatchObject({ reason: 'too_complex' });
  });

  it('answers overloaded, not invalid, when the wall-clock backstop passes first', async () => {
    const error = await inspectPdf(onePage, { wallTimeoutMs: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PdfOverloadedError);
    expect(error).not.toBeInstanceOf(InvalidPdfError);
    expect((error as PdfOverloadedError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('refuses a call at once as overloaded when the wait queue is full, and runs the others', async () => {
    const stop = startPdfWorkers({ ...DEFAULT_PDF_LIMITS, workers: 1, maxQueued: 1, queueWaitMs: 120_000 });
    try {
      const calls = [inspectPdf(onePage), inspectPdf(onePage), inspectPdf(onePage)].map((call) => call.catch((caught: unknown) => caught));
      const [first, second, third] = await Promise.all(calls);
      expect(first).toMatchObject({ pageCount: 1 });
      expect(second).toMatchObject({ pageCount: 1 });
      expect(third).toBeInstanceOf(PdfOverloadedError);
    } finally {
      await stop();
    }
  });

  it('refuses a call as overloaded when no worker becomes free within the queue wait', async () => {
    const stop = startPdfWorkers({ ...DEFAULT_PDF_LIMITS, workers: 1, maxQueued: 8, queueWaitMs: 1 });
    try {
      const [first, second] = await Promise.all([inspectPdf(onePage), inspectPdf(onePage).catch((caught: unknown) => caught)]);
      expect(first).toMatchObject({ pageCount: 1 });
      expect(second).toBeInstanceOf(PdfOverloadedError);
    } finally {
      await stop();
    }
  });

  it('starts its workers when asked, before any call, and replaces one ended by a job at once', async () => {
    const stop = startPdfWorkers({ ...DEFAULT_PDF_LIMITS, ...DEFAULT_SLOT_OPTIONS, workers: 2 });
    try {
      await waitFor(() => pdfPoolState().idleStarted === 2, 60_000, 'both workers started');
      await expect(inspectPdf(await blankPdf(2000), { timeoutMs: 1 })).rejects.toMatchObject({ reason: 'too_complex' });
      await waitFor(() => pdfPoolState().idleStarted === 2, 60_000, 'both workers started');
      expect(pdfPoolState().workers).toBe(2);
    } finally {
      await stop();
    }
    expect(pdfPoolState().workers).toBe(0);
  });
});
