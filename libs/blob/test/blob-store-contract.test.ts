import { type S3Server, startS3Server } from '@signet/testkit';
import express from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  BlobNotFoundError, type BlobStore, BlobTooLargeError, createFilesystemBlobStore, createS3BlobStore, fileDownloadHandler
} from '../src';
import { generatedStream, sha256OfGenerated } from './generated-stream';

const MB = 1024 * 1024;
const signingSecret = 'contract-test-secret';

interface Harness {
  store: BlobStore;
  close(): Promise<void>;
}

async function s3Harness(): Promise<Harness> {
  const s3: S3Server = await startS3Server();
  const store = createS3BlobStore({
    endpoint: s3.endpoint, region: s3.region, bucket: s3.bucket,
    accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true
  });
  return { store, close: () => s3.stop() };
}

interface FilesystemHarness extends Harness {
  dir: string;
  setNow(now: Date): void;
}

async function filesystemHarness(): Promise<FilesystemHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'signet-blob-'));
  let now = new Date();
  const clock = () => now;
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const store = createFilesystemBlobStore({ dir, publicBaseUrl: `http://127.0.0.1:${port}`, signingSecret, clock });
  app.get('/files/*key', fileDownloadHandler(store, signingSecret, clock));
  return {
    store,
    dir,
    setNow: (at) => { now = at; },
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  };
}

function uniqueKey(extension = 'pdf'): string {
  return `tenants/t1/envelopes/${randomUUID()}/documents/${randomUUID()}.${extension}`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * What every caller may rely on, whichever store the deployment uses. Tampered links are tested on the
 * filesystem store only: s3rver does not verify SigV4 signatures, so it would accept them.
 */
describe.each([
  ['S3 (s3rver)', s3Harness],
  ['filesystem', filesystemHarness]
])('BlobStore on %s', (_name, makeHarness: () => Promise<Harness>) => {
  let harness: Harness;
  let store: BlobStore;

  beforeAll(async () => {
    harness = await makeHarness();
    store = harness.store;
  });

  afterAll(() => harness.close());

  it('returns the bytes it stored, with their size and SHA-256', async () => {
    const key = uniqueKey();

    const stored = await store.put(key, pdfBytes, { contentType: 'application/pdf' });

    expect(stored).toEqual({ size: pdfBytes.length, sha256: sha256(pdfBytes) });
    expect(await store.exists(key)).toBe(true);
    expect(await readAll(await store.get(key))).toEqual(pdfBytes);
  });

  it('streams a body of unknown length and measures it on the way', async () => {
    const key = uniqueKey();
    const size = 12 * MB;

    const stored = await store.put(key, generatedStream(size).stream, { contentType: 'application/pdf', maxBytes: 20 * MB });

    expect(stored).toEqual({ size, sha256: sha256OfGenerated(size) });
    expect(sha256(await readAll(await store.get(key)))).toBe(stored.sha256);
  });

  it('refuses a body over maxBytes, stops reading it and keeps nothing', async () => {
    const key = uniqueKey();
    const body = generatedStream(20 * MB);

    const putting = store.put(key, body.stream, { contentType: 'application/pdf', maxBytes: 10 * MB });

    await expect(putting).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(putting).rejects.toMatchObject({ maxBytes: 10 * MB });
    expect(body.produced()).toBeLessThan(12 * MB);
    expect(body.stream.destroyed).toBe(false);
    expect(await store.exists(key)).toBe(false);
  });

  it('rejects with the body\'s own error when the body fails, and keeps nothing', async () => {
    const key = uniqueKey();
    const broken = new Error('client went away');
    let reads = 0;
    const body = new Readable({
      read() {
        if (reads++ < 100) this.push(Buffer.alloc(64 * 1024, reads));
        else this.destroy(broken);
      }
    });

    await expect(store.put(key, body, { contentType: 'application/pdf' })).rejects.toBe(broken);
    expect(await store.exists(key)).toBe(false);
  });

  it('refuses a Buffer over maxBytes', async () => {
    const key = uniqueKey();

    await expect(store.put(key, Buffer.alloc(2048), { contentType: 'application/pdf', maxBytes: 1024 }))
      .rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.exists(key)).toBe(false);
  });

  it('replaces a blob put again under the same key', async () => {
    const key = uniqueKey();
    await store.put(key, Buffer.from('first'), { contentType: 'application/pdf' });

    await store.put(key, pdfBytes, { contentType: 'application/pdf' });

    expect(await readAll(await store.get(key))).toEqual(pdfBytes);
  });

  it('deletes a blob, and deleting a missing one is no error', async () => {
    const key = uniqueKey();
    await store.put(key, pdfBytes, { contentType: 'application/pdf' });

    await store.delete(key);
    await store.delete(key);

    expect(await store.exists(key)).toBe(false);
  });

  it('rejects get of a missing blob with BlobNotFoundError', async () => {
    const key = uniqueKey();

    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.exists(key)).toBe(false);
  });

  it.each(['../escape.pdf', '/absolute.pdf', 'tenants//double.pdf', 'tenants/a b.pdf', 'tenants/x/..', 'tenants/./a.pdf', ''])(
    'refuses the key %j', async (key) => {
      await expect(store.put(key, pdfBytes, { contentType: 'application/pdf' })).rejects.toThrow(/Invalid blob key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
      await expect(store.downloadUrl(key, { expiresInSeconds: 60 })).rejects.toThrow(/Invalid blob key/);
    }
  );

  it('gives a download link that serves the bytes under the offered file name', async () => {
    const key = uniqueKey();
    await store.put(key, pdfBytes, { contentType: 'application/pdf' });

    const url = await store.downloadUrl(key, { expiresInSeconds: 300, fileName: 'Contrat signé.pdf' });
    const response = await fetch(url);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Contrat%20sign%C3%A9.pdf");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdfBytes);
  });

  it('is ready', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('filesystem store specifics', () => {
  let harness: FilesystemHarness;

  beforeAll(async () => {
    harness = await filesystemHarness();
  });

  afterAll(() => harness.close());

  afterEach(() => harness.setNow(new Date()));

  it('refuses a link whose signature was altered with 403 FORBIDDEN', async () => {
    const key = uniqueKey();
    await harness.store.put(key, pdfBytes, { contentType: 'application/pdf' });
    const url = new URL(await harness.store.downloadUrl(key, { expiresInSeconds: 60 }));
    const signature = url.searchParams.get('signature') ?? '';

    url.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const response = await fetch(url);

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses an expired link with 403 FORBIDDEN', async () => {
    const key = uniqueKey();
    await harness.store.put(key, pdfBytes, { contentType: 'application/pdf' });
    const url = await harness.store.downloadUrl(key, { expiresInSeconds: 60 });

    harness.setNow(new Date(Date.now() + 61_000));
    const response = await fetch(url);

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a link whose file name was changed', async () => {
    const key = uniqueKey();
    await harness.store.put(key, pdfBytes, { contentType: 'application/pdf' });
    const url = new URL(await harness.store.downloadUrl(key, { expiresInSeconds: 60, fileName: 'a.pdf' }));

    url.searchParams.set('name', 'b.pdf');
    const response = await fetch(url);

    expect(response.status).toBe(403);
  });

  it('answers 404 NOT_FOUND for a valid link to a deleted file', async () => {
    const key = uniqueKey();
    await harness.store.put(key, pdfBytes, { contentType: 'application/pdf' });
    const url = await harness.store.downloadUrl(key, { expiresInSeconds: 60 });
    await harness.store.delete(key);

    const response = await fetch(url);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves keys other than .pdf as application/octet-stream, without Content-Disposition unless named', async () => {
    const key = uniqueKey('bin');
    await harness.store.put(key, Buffer.from([1, 2, 3]), { contentType: 'application/octet-stream' });

    const response = await fetch(await harness.store.downloadUrl(key, { expiresInSeconds: 60 }));

    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));
  });

  it('leaves no temporary file behind when a put is refused', async () => {
    const key = uniqueKey();

    await expect(harness.store.put(key, generatedStream(2 * MB).stream, { contentType: 'application/pdf', maxBytes: MB }))
      .rejects.toBeInstanceOf(BlobTooLargeError);

    const files = await readdir(harness.dir, { recursive: true, withFileTypes: true });
    expect(files.filter((entry) => entry.isFile()).map((entry) => entry.name)).not.toContainEqual(expect.stringContaining('~'));
  });

  it('rejects a Buffer it cannot write with the file system\'s error, and keeps nothing', async () => {
    const tenant = randomUUID();
    const key = `tenants/${tenant}/envelopes/${randomUUID()}/documents/${randomUUID()}.pdf`;
    await mkdir(path.join(harness.dir, 'tenants', tenant), { recursive: true });
    await writeFile(path.join(harness.dir, 'tenants', tenant, 'envelopes'), 'a file where the envelopes directory would go');

    await expect(harness.store.put(key, pdfBytes, { contentType: 'application/pdf' })).rejects.toMatchObject({ code: 'ENOTDIR', syscall: 'mkdir' });
    expect(await harness.store.exists(key)).toBe(false);
  });

  it('treats a directory on a key path as no blob', async () => {
    const key = uniqueKey();
    await harness.store.put(key, pdfBytes, { contentType: 'application/pdf' });
    const directoryKey = key.split('/').slice(0, 3).join('/');

    expect(await harness.store.exists(directoryKey)).toBe(false);
    await expect(harness.store.get(directoryKey)).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});
