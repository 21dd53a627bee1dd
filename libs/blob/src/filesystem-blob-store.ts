import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, BlobTooLargeError } from './blob-errors';
import { writeBlobDurably } from './blob-writer';
import { assertBlobKey } from './blob-key';
import { meterBody } from './blob-meter';
import type { BlobStore } from './blob-store';
import { fileLinkUrl } from './file-link';

export interface FilesystemBlobStoreOptions {
  dir: string;
  /** Where clients reach the route served by fileDownloadHandler, e.g. `http://localhost:3000`. */
  publicBaseUrl: string;
  signingSecret: string;
  clock?: () => Date;
}

// Errors that mean "no blob under this key": the file, or a directory on its path, is absent, or the key names a directory.
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

// Checked by shape, not instanceof: errors from node's fs may come from another realm (jest's sandbox, for one).
function isMissing(error: unknown): boolean {
  const code: unknown = typeof error === 'object' && error !== null ? (error as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' && MISSING_CODES.has(code);
}

// Without it a crash right after the rename could lose the directory entry, and with it the blob.
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The entries of the directories `mkdir` just made, from the blob's own directory's up to the first
 * one made: without them a crash could lose a new directory, and every blob under it, on a file system
 * that does not order metadata (ext4 does; POSIX does not promise it).
 */
async function syncNewDirectories(dir: string, firstMade: string | undefined): Promise<void> {
  for (let made = dir; firstMade !== undefined && path.dirname(made) !== made; made = path.dirname(made)) {
    await syncDirectory(path.dirname(made));
    if (made === firstMade) return;
  }
}

/** Written to `temp`, fsynced, renamed over `target`, and the rename made durable: a reader never sees half a blob. */
async function writeAtomically(target: string, temp: string, write: (file: string) => Promise<unknown>): Promise<void> {
  let firstMade: string | undefined;
  try {
    firstMade = await mkdir(path.dirname(target), { recursive: true });
    await write(temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(target));
  await syncNewDirectories(path.dirname(target), firstMade);
}

/**
 * Blobs as files under `dir`, for monolith mode. Writes are atomic (temp file, fsync, rename), so a
 * reader never sees half a blob. Content types are not stored: downloads derive them from the key.
 */
export function createFilesystemBlobStore(options: FilesystemBlobStoreOptions): BlobStore {
  const clock = options.clock ?? (() => new Date());

  function pathOf(key: string): string {
    assertBlobKey(key);
    return path.join(options.dir, ...key.split('/'));
  }

  async function openBlob(key: string): Promise<FileHandle> {
    const handle = await open(pathOf(key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? new BlobNotFoundError(key) : error;
    });
    if ((await handle.stat()).isFile()) return handle;
    await handle.close();
    throw new BlobNotFoundError(key);
  }

  return {
    async put(key, body, { maxBytes }) {
      const target = pathOf(key);
      // '~' is not allowed in keys, so a temp file can never be mistaken for a blob.
      const temp = `${target}~${randomUUID()}`;
      // Bytes already in memory go to a writer thread in one task (blob-writer.ts): the stream path
      // costs several times the CPU for a small document, which is most of what a create stores.
      if (Buffer.isBuffer(body)) {
        if (maxBytes !== undefined && body.length > maxBytes) throw new BlobTooLargeError(maxBytes);
        return writeBlobDurably(target, temp, body);
      }
      // Metered before the first await, so the body's errors are handled from the start.
      const metered = meterBody(body, maxBytes);
      await writeAtomically(target, temp, (file) => pipeline(metered.stream, createWriteStream(file, { flags: 'wx', flush: true }))).catch((error: unknown) => {
        metered.stream.destroy();
        throw error;
      });
      return metered.measured();
    },

    async get(key) {
      return (await openBlob(key)).createReadStream();
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async downloadUrl(key, { expiresInSeconds, fileName }) {
      assertBlobKey(key);
      const expires = Math.floor(clock().getTime() / 1000 + expiresInSeconds);
      return fileLinkUrl({ publicBaseUrl: options.publicBaseUrl, signingSecret: options.signingSecret, key, expires, name: fileName });
    },

    async check() {
      await mkdir(options.dir, { recursive: true });
      const probe = path.join(options.dir, `.check~${randomUUID()}`);
      await writeFile(probe, '');
      await rm(probe);
    }
  };
}
