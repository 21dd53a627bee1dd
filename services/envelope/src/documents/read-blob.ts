import type { BlobStore } from '@signet/blob';

/** A stored document's bytes, for the few checks that need the whole PDF (token search). */
export async function readBlob(blobs: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
