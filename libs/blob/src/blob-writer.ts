import path from 'node:path';
import { Piscina } from 'piscina';

const WRITER_FILE = path.join(__dirname, 'worker', 'write-blob.mjs');

let writers: Piscina | null = null;

/**
 * Worker threads that write blobs already in memory. A durable write is nine file-system calls (make
 * the directory, open, write, fsync, close, rename, and open, fsync and close the directory), three
 * more for each directory it makes; made
 * from the event loop, each is a round trip to libuv's pool, and together they cost a create about a
 * tenth of its main-thread time. A writer makes them in one task. Idle writers do not keep the process
 * alive; beyond the first, they end after 30 s idle.
 */
function blobWriters(): Piscina {
  writers ??= new Piscina({
    filename: WRITER_FILE,
    minThreads: 1,
    // fsyncs wait on the disk, not the CPU: two let one write proceed while another waits.
    maxThreads: 2,
    idleTimeout: 30_000,
    // The worker is plain JavaScript: inheriting the caller's loader flags (tsx, jest) only slows its start.
    execArgv: []
  });
  return writers;
}

interface WriterFailure {
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

type WriterAnswer = { stored: { size: number; sha256: string } } | { failure: WriterFailure };

/**
 * Written to `temp`, fsynced, renamed over `target`, and the rename made durable, in a writer thread.
 * A failure rejects with the file system's error as the calling thread would have had it.
 */
export async function writeBlobDurably(target: string, temp: string, bytes: Buffer): Promise<{ size: number; sha256: string }> {
  const answer = (await blobWriters().run({ target, temp, bytes })) as WriterAnswer;
  if ('stored' in answer) return answer.stored;
  const { message, ...details } = answer.failure;
  throw Object.assign(new Error(message), details);
}
