import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { BlobStore } from '@signet/blob';
import { deriveKey } from '@signet/http';
import type { AttemptImage, ImageRole } from './identity-model';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const MAGIC = 'SIGNET-IDIMG1';

export interface ImageKey {
  id: string;
  key: Buffer;
}

/**
 * Identity images at rest: AES-256-GCM under the first key of the ring (IDENTITY_IMAGE_KEYS, else one
 * derived from the internal secret), the key's id in the clear header so a rotated ring still opens older
 * images, and the blob key authenticated so an image cannot be moved to another attempt.
 */
export function imageVault(blobs: BlobStore, ring: ImageKey[]) {
  const current = ring[0] as ImageKey;

  function seal(image: Buffer, blobKey: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(Buffer.from(blobKey, 'utf8'));
    const body = Buffer.concat([cipher.update(image), cipher.final()]);
    const header = Buffer.from(`${MAGIC}:${current.id}\n`, 'utf8');
    return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
  }

  function open(sealed: Buffer, blobKey: string): Buffer {
    const newline = sealed.indexOf(0x0a);
    const [magic, keyId] = sealed.subarray(0, newline).toString('utf8').split(':');
    const key = ring.find((candidate) => candidate.id === keyId);
    if (magic !== MAGIC || !key) throw new Error(`The identity image ${blobKey} is sealed with a key no longer configured (${keyId ?? 'unknown'})`);
    const rest = sealed.subarray(newline + 1);
    const decipher = createDecipheriv('aes-256-gcm', key.key, rest.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(blobKey, 'utf8'));
    decipher.setAuthTag(rest.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(rest.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }

  return {
    /** Where an attempt's image goes, and its hash: decided before anything is written. */
    describe(prefix: string, role: ImageRole, image: Buffer): AttemptImage {
      return { role, sha256: createHash('sha256').update(image).digest('hex'), blob_key: `${prefix}/${role}.sealed` };
    },

    async store(image: Buffer, blobKey: string): Promise<void> {
      await blobs.put(blobKey, seal(image, blobKey), { contentType: 'application/octet-stream' });
    },

    async read(blobKey: string): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of await blobs.get(blobKey)) chunks.push(chunk as Buffer);
      return open(Buffer.concat(chunks), blobKey);
    },

    async erase(blobKey: string): Promise<void> {
      await blobs.delete(blobKey);
    }
  };
}

export type ImageVault = ReturnType<typeof imageVault>;

/** The configured ring, or one key derived from the internal secret (monolith mode's default). */
export function imageKeyRing(configured: ImageKey[] | null, internalSecret: string): ImageKey[] {
  return configured ?? [{ id: 'derived', key: deriveKey(internalSecret, 'signet-validation', 'identity-images v1') }];
}
