import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { BlobStore, StoredBlob } from '@signet/blob';
import { openDatabase } from '@signet/db';
import { AppError, newSecretToken } from '@signet/http';
import { createTestDatabase, lockWaiters, oversizedPng, TestDatabase, waitFor } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import type { EnvelopeDeps } from '../src/envelope-deps';
import { signEnvelope } from '../src/signing/sign-envelope';
import { envelopeStore } from '../src/store/envelope-store';

const PNG = oversizedPng(300, 100);
// A mark after the end of the PNG tells the two requests' images apart.
const image = (mark: string) => Buffer.concat([PNG, Buffer.from(mark)]);

/**
 * Two sign requests of one recipient (a double click, two tabs) both pass the early READY check and
 * store their image before the locked transaction picks one: the signature recorded must keep the image
 * of the request that won, not the one refused.
 */
describe('signing twice at once (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EnvelopeDeps;
  const blobs = new Map<string, Buffer>();
  const now = new Date('2026-11-21T10:00:00.000Z');

  async function sentEnvelope(): Promise<{ envelopeId: string; token: string }> {
    const envelopeId = uuidv7();
    const settings = {
      validations: { email: { enabled: false } }, signature: { type: 'SIMPLE', style: 'SIMPLE', bg_image: null },
      signature_flow: { signature_types: 'DRAWN', signature_order: 'PARALLEL' }
    };
    await db('envelopes').insert({
      id: envelopeId, tenant_id: 'acme', api_key_id: 'key-1', name: 'Contract', name_is_default: false, status: 'IN_PROGRESS',
      settings_overrides: '{}', settings: JSON.stringify(settings), errors: '[]', warnings: '[]', created_at: now, updated_at: now, sent_at: now
    });
    const { token, hash } = newSecretToken();
    for (const [order, key] of ['ana', 'bea'].entries()) {
      await db('recipients').insert({
        id: uuidv7(), envelope_id: envelopeId, custom_key: key, name: key, email: `${key}@example.com`, order, status: 'IN_PROGRESS',
        access_token_hash: key === 'ana' ? hash : newSecretToken().hash, created_at: now, updated_at: now
      });
    }
    return { envelopeId, token };
  }

  async function sign(token: string, mark: string): Promise<void> {
    await signEnvelope(deps, {
      token, body: { consent: true, signature: { type: 'DRAWN', image: image(mark).toString('base64') } },
      identity: { ip_address: null, user_agent: mark }, requestId: `req_${mark}`
    });
  }


  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    blobs.clear();
    const store = {
      put: async (key: string, body: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(Buffer.from(chunk));
        blobs.set(key, Buffer.concat(chunks));
        return { key, sha256: '', size: 0 } as unknown as StoredBlob;
      },
      delete: async (key: string) => { blobs.delete(key); }
    } as unknown as BlobStore;
    deps = {
      db, blobs: store, store: envelopeStore(), clock: () => now,
      relay: { wake: () => undefined },
      jobs: { queueCompletion: async () => undefined, queueArchiveRenewal: async () => undefined, queueReminder: async () => undefined, cancelReminder: async () => undefined, cancelSchedule: async () => undefined }
    } as unknown as EnvelopeDeps;
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('records the winning request\'s image, whatever the refused one stored', async () => {
    const { envelopeId, token } = await sentEnvelope();
    // Something (a void, another signer) holds the envelope while both requests arrive.
    const holding = await db.transaction();
    await holding('envelopes').where({ id: envelopeId }).forUpdate().first();
    const first = sign(token, 'first');
    first.catch(() => undefined);
    await waitFor(async () => (await lockWaiters(db)) >= 1, 5000, 'the first sign to wait for the envelope');
    const second = sign(token, 'second');
    second.catch(() => undefined);
    await waitFor(async () => (await lockWaiters(db)) >= 2, 5000, 'the second sign to wait for the envelope');
    await holding.commit();
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(AppError);

    const [signature] = await db('signatures').where({ envelope_id: envelopeId });
    expect(signature.user_agent).toBe('first');
    expect(blobs.get(signature.image_blob_key)).toEqual(image('first'));
    // The refused request keeps nothing.
    expect([...blobs.keys()]).toEqual([signature.image_blob_key]);
  });
});
