import net from 'node:net';
import { threadId, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { goOffline, refusedNetworkAttempts } from './offline.mjs';
import { engineVersions, faceEngine, loaded, ocrEngine, barcodeEngine, useOcrData } from './engines.mjs';
import { facesIn, similarity } from './faces.mjs';
import { findMrz } from './mrz-read.mjs';
import { findPdf417 } from './barcode-read.mjs';
import { watchMemory } from './memory-watchdog.mjs';

/**
 * A piscina worker of the identity pool (src/local/identity-pool.ts). Plain JavaScript, so the same file
 * runs under tsx, under jest and in plain node. It works offline: before any library loads, fetch reads
 * only file:// URLs and sockets refuse to connect (offline.mjs). The engines (tesseract.js with its
 * English data, zxing-wasm, human and its face models) load once per thread, on the first task that needs
 * them, or all at once when the pool is asked to start warm.
 */
goOffline();

// The libraries narrate on the console (tfjs backends, tesseract); outcomes go back as answers.
for (const method of ['log', 'info', 'warn', 'debug']) console[method] = () => {};

const { maxMemoryMb } = workerData ?? { maxMemoryMb: 2048 };
let tasksDone = 0;

/** The normalised image as the task carries it: RGB pixels, 3 bytes each. */
function imageOf({ pixels, width, height }) {
  return { data: new Uint8Array(pixels), width, height };
}

/** The document: a PDF417 barcode (US and Canadian licences) is looked for first, then an MRZ; and its faces. */
async function checkDocument({ image }) {
  const document = imageOf(image);
  const reading = (await findPdf417(document)) ?? (await findMrz(document));
  const faces = await facesIn(document);
  return { reading, portrait: { faces: faces.length, score: faces[0]?.score ?? null } };
}

const frameSummary = (faces) => ({
  faces: faces.length,
  real: faces[0]?.real ?? null,
  live: faces[0]?.live ?? null,
  roll: faces[0]?.roll ?? null
});

/** The three frames' faces, and the similarities the verdict needs (never the embeddings themselves). */
async function checkSelfie({ document, neutral, challenge }) {
  const portraitFaces = await facesIn(imageOf(document));
  const neutralFaces = await facesIn(imageOf(neutral));
  const challengeFaces = await facesIn(imageOf(challenge));
  const portrait = portraitFaces[0]?.embedding ?? null;
  const neutralFace = neutralFaces.length === 1 ? neutralFaces[0] : null;
  const challengeFace = challengeFaces.length === 1 ? challengeFaces[0] : null;
  return {
    portrait: { faces: portraitFaces.length },
    neutral: frameSummary(neutralFaces),
    challenge: frameSummary(challengeFaces),
    similarity: portrait && neutralFace ? await similarity(portrait, neutralFace.embedding) : null,
    challengeSimilarity: neutralFace && challengeFace ? await similarity(neutralFace.embedding, challengeFace.embedding) : null
  };
}

/** Loads every engine now: a warm pool's workers are ready before their first task. */
async function warm() {
  await Promise.all([ocrEngine(), barcodeEngine(), faceEngine()]);
  return {};
}

/**
 * Proves the offline guard is in place in this thread: a fetch of an http URL and a TCP connection (both
 * to the loopback discard port, so nothing would leave the machine even without the guard) must both be
 * refused before they start.
 */
async function offlineSelfTest() {
  const attempt = async (start) => {
    try {
      await start();
      return 'allowed';
    } catch (error) {
      return /works offline/.test(error?.message ?? '') ? 'refused' : `failed otherwise: ${error?.message}`;
    }
  };
  const fetchOutcome = await attempt(() => fetch('http://127.0.0.1:9/models/faceres.json'));
  const socketOutcome = await attempt(
    () =>
      new Promise((resolve, reject) => {
        const socket = net.connect({ host: '127.0.0.1', port: 9 });
        socket.once('connect', () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', reject);
      })
  );
  return { fetch: fetchOutcome, socket: socketOutcome };
}

const TASKS = { checkDocument, checkSelfie, warm, offlineSelfTest };

/** What the bench and the health of the pool read: this thread's memory and what it has loaded. */
function statsOf() {
  const memory = process.memoryUsage();
  const heap = getHeapStatistics();
  return {
    threadId,
    rssBytes: memory.rss,
    heapUsedBytes: heap.used_heap_size,
    externalBytes: heap.external_memory,
    loadMs: { ...loaded },
    tasksDone,
    refusedNetworkAttempts: refusedNetworkAttempts()
  };
}

export default async function runTask(task) {
  if (!Object.hasOwn(TASKS, task.name)) return { ok: false, fault: { message: `No identity task is named ${task.name}` } };
  const stopWatching = watchMemory(maxMemoryMb, () => process.exit(1));
  useOcrData(task.ocrDir ?? null);
  try {
    const result = await TASKS[task.name](task.args);
    tasksDone++;
    return { ok: true, result, versions: engineVersions(), stats: statsOf() };
  } catch (error) {
    return { ok: false, fault: { message: error instanceof Error ? error.message : String(error) }, stats: statsOf() };
  } finally {
    stopWatching();
  }
}
