import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFilesystemBlobStore } from '../src';
import { generatedStream, sha256OfGenerated } from './generated-stream';

const MB = 1024 * 1024;

describe('filesystem store streaming', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'signet-blob-memory-'));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stores a 50 MB stream without holding it in memory', async () => {
    const store = createFilesystemBlobStore({ dir, publicBaseUrl: 'http://127.0.0.1', signingSecret: 'secret' });
    const size = 50 * MB;
    const body = generatedStream(size);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampling = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 2);

    const stored = await store.put('tenants/t1/big.pdf', body.stream, { contentType: 'application/pdf' }).finally(() => {
      clearInterval(sampling);
    });

    peak = Math.max(peak, process.memoryUsage.rss());
    expect(stored).toEqual({ size, sha256: sha256OfGenerated(size) });
    expect(peak - before).toBeLessThan(64 * MB);
  });
});
