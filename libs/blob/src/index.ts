export * from './blob-errors';
export { assertBlobKey, isBlobKey } from './blob-key';
export type { BlobStore, DownloadUrlOptions, PutOptions, StoredBlob } from './blob-store';
export * from './create-blob-store';
export * from './file-download-handler';
export { signFileLink, verifyFileLink } from './file-link';
export * from './filesystem-blob-store';
export * from './s3-blob-store';
