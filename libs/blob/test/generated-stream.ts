import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK_SIZE = 64 * 1024;

export interface GeneratedStream {
  stream: Readable;
  /** How many bytes the consumer has pulled so far. */
  produced(): number;
}

const PATTERN_PERIOD = 251;
const PATTERN = Buffer.from(Array.from({ length: CHUNK_SIZE + PATTERN_PERIOD }, (_, i) => i % PATTERN_PERIOD));

// Chunks are windows on one shared buffer: they differ from one another (so order shows in the hash), yet
// generating them allocates nothing, and any memory growth measured during a put is the store's own.
function chunkAt(index: number, size: number): Buffer {
  const start = index % PATTERN_PERIOD;
  return PATTERN.subarray(start, start + size);
}

/** `totalBytes` produced on demand in 64 KB chunks, so the test itself never holds the whole body. */
export function generatedStream(totalBytes: number): GeneratedStream {
  let produced = 0;
  let index = 0;
  const stream = new Readable({
    read() {
      if (produced >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(CHUNK_SIZE, totalBytes - produced);
      produced += size;
      this.push(chunkAt(index++, size));
    }
  });
  return { stream, produced: () => produced };
}

export function sha256OfGenerated(totalBytes: number): string {
  const hash = createHash('sha256');
  for (let offset = 0, index = 0; offset < totalBytes; offset += CHUNK_SIZE, index++) {
    hash.update(chunkAt(index, Math.min(CHUNK_SIZE, totalBytes - offset)));
  }
  return hash.digest('hex');
}
