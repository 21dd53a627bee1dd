import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3ServerOptions {
  /** Where objects are stored; a fresh temporary directory (removed on stop) by default. */
  dir?: string;
  bucket?: string;
}

export interface S3Server {
  /** `http://127.0.0.1:<port>`; clients must use path-style addressing. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  stop(): Promise<void>;
}

// s3rver accepts only its built-in key pair.
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts an S3-compatible server (s3rver) on a random loopback port, with `bucket` created. */
export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'signet';
  const tempDir = options.dir === undefined ? await mkdtemp(path.join(os.tmpdir(), 'signet-s3-')) : undefined;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.dir ?? tempDir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();

  async function stop(): Promise<void> {
    await server.close();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }

  return { endpoint: `http://127.0.0.1:${port}`, bucket, ...s3rverCredentials, region: 'us-east-1', stop };
}
