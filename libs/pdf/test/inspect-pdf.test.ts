import { closePdfWorkers, DEFAULT_PDF_LIMITS, InvalidPdfError, inspectPdf, type InvalidPdfReason } from '../src';
import { encryptedPdf } from '@signet/testkit';
import { blankPdf, croppedRotatedPdf, signHerePdf } from './fixtures';

async function rejection(promise: Promise<unknown>): Promise<InvalidPdfError> {
  const error = await promise.then(
    () => { throw new Error('expected the PDF to be rejected'); },
    (caught: unknown) => caught
  );
  expect(error).toBeInstanceOf(InvalidPdfError);
  return error as InvalidPdfError;
}

function expectReason(error: InvalidPdfError, reason: InvalidPdfReason, message: string | RegExp) {
  expect(error.reason).toBe(reason);
  expect(error.message).toMatch(message);
}

describe('inspectPdf', () => {
  afterAll(closePdfWorkers);

  it('counts the pages and reports their sizes in points', async () => {
    await expect(inspectPdf(await signHerePdf())).resolves.toEqual({
      pageCount: 3,
      pages: [
        { width: 612, height: 792 },
        { width: 612, height: 792 },
        { width: 612, height: 792 }
      ]
    });
  });

  it('reports the visible area as displayed: the CropBox, turned by /Rotate', async () => {
    const inspection = await inspectPdf(await croppedRotatedPdf());
    expect(inspection.pages).toEqual([{ width: 600, height: 212 }]);
  });

  it('accepts a header after leading whitespace and a byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from('\ufeff \r\n'), await blankPdf(1)]);
    await expect(inspectPdf(bytes)).resolves.toMatchObject({ pageCount: 1 });
  });

  it('leaves the caller its bytes', async () => {
    const bytes = await blankPdf(1);
    const length = bytes.length;
    await inspectPdf(bytes);
    expect(bytes.length).toBe(length);
  });

  it('rejects a file that is not a PDF', async () => {
    const error = await rejection(inspectPdf(Buffer.from('Dear customer,\nplease sign the attached contract.\n')));
    expectReason(error, 'not_pdf', 'The file is not a PDF');
  });

  it('rejects an empty file as not a PDF', async () => {
    expectReason(await rejection(inspectPdf(new Uint8Array(0))), 'not_pdf', 'The file is not a PDF');
  });

  it.each([true, false])('rejects a truncated PDF as corrupt (object streams: %s)', async (useObjectStreams) => {
    const bytes = await signHerePdf({ useObjectStreams });
    const error = await rejection(inspectPdf(bytes.subarray(0, bytes.length / 2)));
    expectReason(error, 'corrupt', 'The PDF is damaged and cannot be read');
  });

  it('rejects an encrypted PDF', async () => {
    const error = await rejection(inspectPdf(await encryptedPdf()));
    expectReason(error, 'encrypted', 'The PDF is encrypted or password-protected');
  });

  it('rejects more pages than maxPages, saying how many there are', async () => {
    const error = await rejection(inspectPdf(await blankPdf(5), { maxPages: 4 }));
    expectReason(error, 'too_many_pages', 'The PDF has 5 pages; at most 4 are accepted');
  });

  it('gives up as too complex when the deadline passes', async () => {
    // 2000 pages take a warm worker tens of milliseconds: well past the deadline, even without a worker to start.
    const error = await rejection(inspectPdf(await blankPdf(2000), { timeoutMs: 1 }));
    expectReason(error, 'too_complex', 'The PDF could not be processed within the limits (too large or too complex)');
  });

  it('refuses limits that are not positive numbers', async () => {
    await expect(inspectPdf(await blankPdf(1), { maxPages: 0 })).rejects.toThrow(RangeError);
  });

  it('defaults to 10 s of CPU, a 60 s backstop, 256 MB and 2000 pages', () => {
    expect(DEFAULT_PDF_LIMITS).toEqual({ timeoutMs: 10_000, wallTimeoutMs: 60_000, maxMemoryMb: 256, maxPages: 2000 });
  });
});
