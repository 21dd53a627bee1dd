import type { Readable } from 'node:stream';

export interface PutOptions {
  contentType: string;
  /** The most bytes the body may have; beyond it the put stores nothing and rejects with BlobTooLargeError. */
  maxBytes?: number;
}

export interface StoredBlob {
  size: number;
  /** Lower-case hex SHA-256 of the bytes as stored. */
  sha256: string;
}

export interface DownloadUrlOptions {
  expiresInSeconds: number;
  /** Offered to the browser as the download's file name (Content-Disposition: attachment). */
  fileName?: string;
}

/**
 * Where PDF bytes live (documents, signed PDFs, evidence PDFs). Keys are relative paths such as
 * `tenants/<tenant>/envelopes/<id>/documents/<id>.pdf`; see blob-key.ts for what a key may contain.
 */
export interface BlobStore {
  /** Streams the body into storage, measuring size and SHA-256 on the way; a failed put leaves nothing behind. */
  put(key: string, body: Readable | Buffer, options: PutOptions): Promise<StoredBlob>;
  /** Rejects with BlobNotFoundError when there is no blob under the key. */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Succeeds whether or not the blob existed. */
  delete(key: string): Promise<void>;
  /** A link anyone holding it can download the blob with, until it expires. */
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  /** Readiness: resolves when the store can be written to, rejects with the reason otherwise. */
  check(): Promise<void>;
}
