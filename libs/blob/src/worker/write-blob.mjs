// Runs in a piscina worker: the whole durable write of one blob in synchronous calls, so the caller's
// thread posts one task instead of dispatching nine file-system calls of its own.
import { createHash } from 'node:crypto';
import { closeSync, fdatasyncSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

function syncDirectory(dir) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeFully(file, bytes) {
  const fd = openSync(file, 'wx');
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The entries of the directories `mkdir` just made, from the blob's own directory's up to the first
 * one made: without them a crash could lose a new directory, and every blob under it, on a file system
 * that does not order metadata (ext4 does; POSIX does not promise it).
 */
function syncNewDirectories(dir, firstMade) {
  for (let made = dir; firstMade !== undefined && path.dirname(made) !== made; made = path.dirname(made)) {
    syncDirectory(path.dirname(made));
    if (made === firstMade) return;
  }
}

/** Written to `temp`, fsynced, renamed over `target`, and the rename made durable: a reader never sees half a blob. */
function writeAtomically(target, temp, bytes) {
  let firstMade;
  try {
    firstMade = mkdirSync(path.dirname(target), { recursive: true });
    writeFully(temp, bytes);
    renameSync(temp, target);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written where nothing could be removed (the path is not a directory, say).
    }
    throw error;
  }
  syncDirectory(path.dirname(target));
  syncNewDirectories(path.dirname(target), firstMade);
}

/**
 * Answers with the stored blob's size and SHA-256, or with the failure as data: an Error crossing the
 * thread keeps its message but loses `code`, `errno`, `syscall` and `path`, which callers read.
 */
export default function writeBlob({ target, temp, bytes }) {
  try {
    writeAtomically(target, temp, bytes);
  } catch (error) {
    const { message, code, errno, syscall, path: failedPath } = error;
    return { failure: { message: String(message), code, errno, syscall, path: failedPath } };
  }
  return { stored: { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } };
}
