import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { type BlobStore, createFilesystemBlobStore } from '@signet/blob';
import { sampleEnvelopePayload } from '@signet/contracts/src/test-samples';
import { openDatabase } from '@signet/db';
import { createTestDatabase, type TestDatabase } from '@signet/testkit';
import { evidenceMigrations } from '../migrations';
import { createEvidenceGenerator, type EvidenceGenerator } from '../src/evidence-generator';
import type { LoadIdentity } from '../src/identity-client';
import type { SealPdf } from '../src/seal-client';
import type { LoadSignatures } from '../src/signatures-client';
import { developmentSeal } from './development-seal';

/** A fresh evidence database, a blob directory and a development seal, for one test (or one file). */
export interface EvidenceTestbed {
  db: Knex;
  databaseUrl: string;
  /**
   * A generator as a replica builds it, on `clock` (the wall clock by default), asking `loadIdentity` for
   * identity records (by default there is no validation part: asking fails) and `loadSignatures` for the
   * documents' signatures (by default a seal envelope's, with no signed document listed).
   */
  generator(clock?: () => Date, loadIdentity?: LoadIdentity, loadSignatures?: LoadSignatures): EvidenceGenerator;
  /** The blob store the generators write to. */
  blobs: BlobStore;
  /** An envelope the projection knows as SUCCESS-ready, at timeline version 1. */
  insertEnvelope(id: string): Promise<void>;
  close(): Promise<void>;
}

export async function openEvidenceTestbed(seal?: SealPdf): Promise<EvidenceTestbed> {
  const sealing = seal ?? (await developmentSeal());
  const database: TestDatabase = await createTestDatabase();
  const db = await openDatabase({ url: database.url, schema: 'evidence', migrations: evidenceMigrations });
  const dir = await mkdtemp(path.join(tmpdir(), 'evidence-'));
  const noValidationPart: LoadIdentity = async () => {
    throw new Error('this test runs no validation part, and its envelopes have no identity checks');
  };
  const noSignedDocuments: LoadSignatures = async ({ envelopeId }) => ({ envelope_id: envelopeId, level: 'seal', documents: [], trust_anchors: [], act_keys: null });
  return {
    db,
    databaseUrl: database.url,
    blobs: createFilesystemBlobStore({ dir, publicBaseUrl: 'http://localhost:3000', signingSecret: 'test-secret', clock: () => new Date() }),
    generator: (clock = () => new Date(), loadIdentity = noValidationPart, loadSignatures = noSignedDocuments) => createEvidenceGenerator({
      db,
      blobs: createFilesystemBlobStore({ dir, publicBaseUrl: 'http://localhost:3000', signingSecret: 'test-secret', clock }),
      clock,
      committed: () => undefined,
      stillStale: async () => undefined,
      loadLogo: async () => null,
      loadIdentity,
      loadSignatures,
      seal: sealing
    }),
    insertEnvelope: async (id) => {
      await db('evidence_envelopes').insert({ envelope_id: id, tenant_id: 'acme', snapshot: JSON.stringify({ ...sampleEnvelopePayload(), id }), timeline_version: 1 });
    },
    close: async () => {
      await db.destroy();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  };
}
