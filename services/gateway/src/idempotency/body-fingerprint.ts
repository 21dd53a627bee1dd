import { createHash, Hash } from 'node:crypto';
import { Writable } from 'node:stream';

const BOUNDARY_STAND_IN = Buffer.from('<boundary>');

/** The multipart boundary of a content type, if any (quoted or not). */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The content type without its boundary, which clients pick at random for every send. */
function contentTypeWithoutBoundary(contentType: string | undefined): string {
  return (contentType ?? '').replace(/;\s*boundary=(?:"[^"]+"|[^;\s]+)/i, '').trim().toLowerCase();
}

/**
 * Hashes a body as it streams past, with every occurrence of the multipart boundary replaced by a fixed
 * stand-in: a client retrying the same form picks a new random boundary, and that must not make the
 * same request look different. Holds back at most the boundary's length between chunks, so memory stays
 * flat for a 50 MB upload.
 */
class BoundaryNormalisingHash {
  private pending = Buffer.alloc(0);

  constructor(private readonly hash: Hash, private readonly boundary: Buffer | null) {}

  update(chunk: Buffer): void {
    if (!this.boundary) {
      this.hash.update(chunk);
      return;
    }
    const buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let position = 0;
    for (let found = buffer.indexOf(this.boundary, position); found !== -1; found = buffer.indexOf(this.boundary, position)) {
      this.hash.update(buffer.subarray(position, found));
      this.hash.update(BOUNDARY_STAND_IN);
      position = found + this.boundary.length;
    }
    const keep = Math.max(position, buffer.length - (this.boundary.length - 1));
    this.hash.update(buffer.subarray(position, keep));
    this.pending = Buffer.from(buffer.subarray(keep));
  }

  digest(): string {
    this.hash.update(this.pending);
    return this.hash.digest('hex');
  }
}

export interface BodyFingerprint {
  /** Write the body here (pipe the request into it). */
  sink: Writable;
  /** The fingerprint once the whole body has been written, else null. */
  value(): string | null;
  /** Resolves with the fingerprint when the body has been written; rejects if the body broke off. */
  done: Promise<string>;
}

/** What makes two requests "the same request" for an Idempotency-Key: method, path and query, content type, body. */
export function bodyFingerprint(method: string, path: string, contentType: string | undefined): BodyFingerprint {
  const hash = createHash('sha256');
  hash.update(`${method.toUpperCase()}\n${path}\n${contentTypeWithoutBoundary(contentType)}\n`);
  const boundary = multipartBoundary(contentType);
  const body = new BoundaryNormalisingHash(hash, boundary ? Buffer.from(boundary) : null);
  let result: string | null = null;
  let settle: { resolve: (value: string) => void; reject: (error: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  const done = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  done.catch(() => undefined);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      body.update(chunk);
      callback();
    },
    final(callback) {
      result = body.digest();
      settle.resolve(result);
      callback();
    },
    destroy(error, callback) {
      if (result === null) settle.reject(error ?? new Error('the request body broke off'));
      callback(error);
    }
  });
  return { sink, value: () => result, done };
}
