import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, NoSuchKey, NotFound, S3Client
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { BlobNotFoundError } from './blob-errors';
import { assertBlobKey } from './blob-key';
import { meterBody } from './blob-meter';
import type { BlobStore } from './blob-store';
import { attachmentDisposition } from './content-disposition';

export interface S3BlobStoreOptions {
  /** For MinIO and other S3-compatible stores; AWS S3 when absent. Presigned links point here, so clients must reach it. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither; without them the AWS default credential chain applies (e.g. a pod's IAM role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

// S3's minimum part size. With two parts in flight an upload holds at most ~15 MB, whatever the blob's size.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound;
}

/** Blobs as objects in one bucket; downloads are presigned GETs straight from the object store. */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { bucket } = options;
  if ((options.accessKeyId === undefined) !== (options.secretAccessKey === undefined)) {
    throw new Error('S3 credentials need both an access key id and a secret access key, or neither');
  }
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: options.accessKeyId !== undefined && options.secretAccessKey !== undefined
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
      : undefined,
    // The SDK's default CRC checksums are unknown to many S3-compatible stores; integrity is our own SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED'
  });

  return {
    async put(key, body, { contentType, maxBytes }) {
      assertBlobKey(key);
      const metered = meterBody(body, maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: metered.stream, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT
      });
      // A failed upload stops consuming the metered stream; destroying it releases the body instead of stalling.
      const uploaded = upload.done().catch((error: unknown) => {
        metered.stream.destroy(error as Error);
        throw error;
      });
      // The upload settles only after aborting its multipart upload, so nothing of a failed put becomes visible.
      const [reading, uploading] = await Promise.allSettled([finished(metered.stream), uploaded]);
      // The body's failure (BlobTooLargeError, a broken source) explains the upload's, so it is the one reported.
      if (reading.status === 'rejected') throw reading.reason;
      if (uploading.status === 'rejected') throw uploading.reason;
      return metered.measured();
    },

    async get(key) {
      assertBlobKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error(`The S3 client returned no stream for ${key}`);
        return object.Body;
      } catch (error) {
        throw isMissing(error) ? new BlobNotFoundError(key) : error;
      }
    },

    async exists(key) {
      assertBlobKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async downloadUrl(key, { expiresInSeconds, fileName }) {
      assertBlobKey(key);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: fileName === undefined ? undefined : attachmentDisposition(fileName)
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    }
  };
}
