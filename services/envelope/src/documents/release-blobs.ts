import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';

/** Whether any template or envelope document still refers to the blob. */
async function blobInUse(db: Knex, blobKey: string): Promise<boolean> {
  const result = await db.raw(
    'SELECT EXISTS (SELECT 1 FROM template_documents WHERE blob_key = ?) OR EXISTS (SELECT 1 FROM documents WHERE blob_key = ?) AS used',
    [blobKey, blobKey]
  );
  return result.rows[0].used === true;
}

/**
 * Blobs a change stopped referring to (documents replaced, a template changed or deleted): each is deleted
 * once no template and no envelope document refers to it. Run after the change committed, so of two
 * changes letting go of one shared blob, the later one sees both and deletes it.
 */
export async function releaseBlobs(db: Knex, blobs: BlobStore, blobKeys: string[]): Promise<void> {
  for (const key of new Set(blobKeys)) if (!(await blobInUse(db, key))) await blobs.delete(key);
}
