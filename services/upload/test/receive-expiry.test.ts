import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { BlobStore, StoredBlob } from '@signet/blob';
import type { SignetConfig } from '@signet/config';
import { openDatabase } from '@signet/db';
import { AppError, newSecretToken } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { uploadMigrations } from '../migrations';
import { MAX_FILE_SIZE, UPLOAD_URL_TTL_MS, type UploadRow } from '../src/model';
import { receiveUpload } from '../src/receive-upload';
import type { UploadDeps } from '../src/upload-deps';
import { uploadStore } from '../src/upload-store';

/**
 * A file streaming in when its URL expires (another request for the envelope expires overdue uploads,
 * or a second PUT on the same URL finds it overdue) must not bring the expired upload back to life over
 * the order's new upload, nor have the upload it finished turned EXPIRED afterwards.
 */
describe('receiving an upload while it expires (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  const created = new Date('2026-11-21T10:00:00.000Z');
  const expiresAt = new Date(created.getTime() + UPLOAD_URL_TTL_MS);
  let now = created;
  const deleted: string[] = [];
  /** The blob store holds the upload "streaming" until the test lets it finish. */
  let streaming: { started: Promise<void>; finish: () => void };

  function holdNextPut(): void {
    let started!: () => void;
    let finish!: () => void;
    const startedPromise = new Promise<void>((resolve) => { started = resolve; });
    const finished = new Promise<void>((resolve) => { finish = resolve; });
    streaming = { started: startedPromise, finish };
    blobs.put = async (key: string, body: Readable | Buffer): Promise<StoredBlob> => {
      started();
      await finished;
      for await (const chunk of body as Readable) void chunk;
      return { key, sha256: 'cd'.repeat(32), size: 4 } as StoredBlob;
    };
  }
  const blobs = { delete: async (key: string) => { deleted.push(key); } } as unknown as BlobStore & { put: BlobStore['put'] };

  function pendingUpload(order: number, tokenHash: string): UploadRow {
    return {
      id: uuidv7(), tenant_id: 'acme', envelope_id: 'env-1', envelope_api_key_id: 'key-1', status: 'PENDING', file_name: 'contract.pdf', order,
      custom_key: null, token_hash: tokenHash, expires_at: expiresAt, max_file_size: MAX_FILE_SIZE, receiving_since: null, processing_since: null,
      blob_key: null, sha256: null, file_size: null, page_count: null, file_id: null, error_message: null, uploaded_at: null, processed_at: null,
      created_at: created, updated_at: created
    };
  }

  async function put(deps: UploadDeps, token: string): Promise<void> {
    await receiveUpload(deps, {
      context: { tenantId: 'acme', apiKeyId: 'key-1', plan: '', requestId: 'req_test' }, token,
      contentType: 'application/pdf', contentLength: '4', body: Readable.from([Buffer.from('%PDF')])
    });
  }

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'upload', migrations: uploadMigrations });
    deleted.length = 0;
    now = new Date(expiresAt.getTime() - 1000);
    holdNextPut();
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  function depsOf(): UploadDeps {
    return { db, store: uploadStore(db), blobs, clock: () => now, config: {} as SignetConfig, envelopes: {} as UploadDeps['envelopes'], queueProcessing: async () => undefined };
  }

  it('refuses a file that finished arriving after its URL expired and its order was given to a new upload', async () => {
    const deps = depsOf();
    const { token, hash } = newSecretToken();
    const upload = pendingUpload(0, hash);
    await db('uploads').insert(upload);
    const receiving = put(deps, token);
    receiving.catch(() => undefined);
    await streaming.started;
    // Meanwhile the URL expires and another POST .../uploads for the envelope frees order 0 and takes it.
    now = new Date(expiresAt.getTime() + 1000);
    await deps.store.expireOverdue('acme', 'env-1', now);
    const replacement = pendingUpload(0, newSecretToken().hash);
    expect(await deps.store.insert(replacement)).toBe(true);
    streaming.finish();
    const error = await receiving.then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/expired/);
    expect((await db('uploads').where({ id: upload.id }).first()).status).toBe('EXPIRED');
    expect((await db('uploads').where({ id: replacement.id }).first()).status).toBe('PENDING');
    expect(deleted).toEqual([`tenants/acme/envelopes/env-1/uploads/${upload.id}.pdf`]);
  });

  it('does not expire an upload that a PUT finished meanwhile, when a second PUT found it overdue', async () => {
    const deps = depsOf();
    const { token, hash } = newSecretToken();
    const upload = pendingUpload(0, hash);
    await db('uploads').insert(upload);
    const stale = { ...upload };
    const receiving = put(deps, token);
    await streaming.started;
    streaming.finish();
    await receiving;
    // A second PUT read the upload while it was still PENDING, and judges it after the first finished.
    now = new Date(expiresAt.getTime() + 1000);
    const store = deps.store;
    const second = put({ ...deps, store: { ...store, findByToken: async () => stale } }, token);
    await expect(second).rejects.toThrow(/expired/);
    expect((await db('uploads').where({ id: upload.id }).first()).status).toBe('UPLOADED');
  });
});
