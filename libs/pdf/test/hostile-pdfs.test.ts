import { closePdfWorkers, findTextTokens, inspectPdf } from '../src';
import { contentStreamBomb, deflatedZeros, objectStreamBomb } from './fixtures';

const MEGABYTE = 1024 * 1024;
const BOMB_LIMITS = { maxMemoryMb: 128, timeoutMs: 5000 };

/** Runs `work` while sampling the resident memory of this process, worker threads included. */
async function peakMemoryGrowth(work: () => Promise<unknown>): Promise<number> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return peak - baseline;
}

describe('hostile PDFs', () => {
  afterAll(closePdfWorkers);

  let gigabyteOfZeros: Buffer;
  beforeAll(async () => {
    gigabyteOfZeros = await deflatedZeros(1024 * MEGABYTE);
    expect(gigabyteOfZeros.length).toBeLessThan(2 * MEGABYTE);
  });

  it('stops a content stream that inflates to 1 GB, without taking the process down', async () => {
    const bomb = await contentStreamBomb(gigabyteOfZeros);
    const growth = await peakMemoryGrowth(() =>
      expect(findTextTokens(bomb, ['{{signer_1}}'], BOMB_LIMITS)).rejects.toMatchObject({ reason: 'too_complex' })
    );
    expect(growth).toBeLessThan(512 * MEGABYTE);
  });

  it('stops an object stream that inflates to 1 GB while pdf-lib loads it', async () => {
    const bomb = objectStreamBomb(gigabyteOfZeros);
    const growth = await peakMemoryGrowth(() =>
      expect(inspectPdf(bomb, BOMB_LIMITS)).rejects.toMatchObject({ reason: 'too_complex' })
    );
    expect(growth).toBeLessThan(512 * MEGABYTE);
  });
});
