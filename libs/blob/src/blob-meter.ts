import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { BlobTooLargeError } from './blob-errors';
import type { StoredBlob } from './blob-store';

export interface MeteredBody {
  /** The body's bytes, unchanged; errors with BlobTooLargeError as soon as they exceed maxBytes. */
  stream: Transform;
  /** The size and SHA-256 of everything that has passed; meaningful once the stream has ended. */
  measured(): StoredBlob;
}

/**
 * Measures a body while it streams to storage, so no store holds it in memory to know its hash.
 *
 * The body is piped, not handed over: when the metered stream fails (too large, storage gone) the body
 * is unpiped and left paused rather than destroyed, because it belongs to the caller; an HTTP handler
 * whose request body is refused can still answer 413. A Buffer goes the same way as a stream.
 */
export function meterBody(body: Readable | Buffer, maxBytes?: number): MeteredBody {
  const hash = createHash('sha256');
  let size = 0;
  let sha256: string | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) {
        callback(new BlobTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    }
  });
  // Consumers learn of a failure through pipeline() or finished(), which see it even when it happened
  // before they were attached; this only keeps such an early failure from being an uncaught 'error' event.
  stream.on('error', () => undefined);
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  source.on('error', (error) => stream.destroy(error));
  source.pipe(stream);
  return {
    stream,
    measured() {
      sha256 ??= hash.digest('hex');
      return { size, sha256 };
    }
  };
}
