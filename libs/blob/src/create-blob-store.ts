import type { BlobStore } from './blob-store';
import { createFilesystemBlobStore, type FilesystemBlobStoreOptions } from './filesystem-blob-store';
import { createS3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';

export interface BlobStoreConfig {
  /** Set in microservices mode (S3_* variables); null selects the filesystem store. */
  s3: S3BlobStoreOptions | null;
  filesystem: FilesystemBlobStoreOptions;
}

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  return config.s3 === null ? createFilesystemBlobStore(config.filesystem) : createS3BlobStore(config.s3);
}
