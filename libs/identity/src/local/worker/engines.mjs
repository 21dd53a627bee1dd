import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** A package's folder, found from a file it exports (human's exports map names no package.json). */
function packageDir(entry, levels) {
  let dir = require.resolve(entry);
  for (let i = 0; i < levels; i++) dir = path.dirname(dir);
  return dir;
}

const DIRS = {
  human: packageDir('@vladmandic/human', 2),
  tfjsWasm: packageDir('@tensorflow/tfjs-backend-wasm', 2),
  tesseract: packageDir('tesseract.js', 2),
  eng: packageDir('@tesseract.js-data/eng', 1),
  zxing: path.dirname(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
  mrz: packageDir('mrz', 2),
  aamva: packageDir('aamva-parser', 2)
};

/** The face models a check uses, as files of the human package. */
export const FACE_MODELS = ['blazeface', 'facemesh', 'faceres', 'antispoof', 'liveness'];

const versionOf = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

let versions;
/**
 * The engine and model versions: each package's own version, and for human's model files (which carry
 * no version of their own) the package version with the first 12 hex digits of the weights' SHA-256.
 */
export function engineVersions() {
  if (versions) return versions;
  const eng = require('@tesseract.js-data/eng');
  versions = {
    'tesseract.js': versionOf(DIRS.tesseract),
    '@tesseract.js-data/eng': `${versionOf(DIRS.eng)} (traineddata ${path.basename(eng.langPath)})`,
    mrz: versionOf(DIRS.mrz),
    'zxing-wasm': versionOf(path.join(DIRS.zxing, '..', '..')),
    'aamva-parser': versionOf(DIRS.aamva),
    '@vladmandic/human': versionOf(DIRS.human),
    '@tensorflow/tfjs-backend-wasm': versionOf(DIRS.tfjsWasm)
  };
  for (const model of FACE_MODELS) {
    const digest = createHash('sha256').update(readFileSync(path.join(DIRS.human, 'models', `${model}.bin`))).digest('hex');
    versions[`model:${model}`] = `human ${versions['@vladmandic/human']} sha256:${digest.slice(0, 12)}`;
  }
  return versions;
}

/** What is loaded in this thread, and how long each load took (ms). */
export const loaded = { ocr: null, barcode: null, faces: null };

function timed(name, load) {
  return async () => {
    const started = performance.now();
    const value = await load();
    loaded[name] = Math.round(performance.now() - started);
    return value;
  };
}

/** Loads once per thread: the first caller starts the load and every later one waits for the same. */
function once(load) {
  let promise;
  return () => {
    promise ??= load().catch((error) => {
      promise = undefined;
      throw error;
    });
    return promise;
  };
}

let unpackedOcrData = null;

/** Where the pool unpacked the OCR's English data (identity-pool.ts, ocr-data.ts), or null: the package's gzip. */
export function useOcrData(dir) {
  unpackedOcrData = dir;
}

/**
 * A tesseract.js worker for the MRZ: English LSTM data from disk, never a URL, never cached; unpacked by
 * the pool where it could be, so this thread never runs gunzip (see ocr-data.ts).
 */
export const ocrEngine = once(
  timed('ocr', async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const eng = require('@tesseract.js-data/eng');
    const data = unpackedOcrData === null ? { langPath: eng.langPath, gzip: true } : { langPath: unpackedOcrData, gzip: false };
    const worker = await createWorker('eng', OEM.LSTM_ONLY, { ...data, cacheMethod: 'none', logger: () => {}, errorHandler: () => {} });
    await worker.setParameters({ user_defined_dpi: '300', tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<', tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '0' });
    return worker;
  })
);

/** zxing-wasm's reader, its wasm binary read from the package file. */
export const barcodeEngine = once(
  timed('barcode', async () => {
    const zxing = await import('zxing-wasm/reader');
    const wasmBinary = readFileSync(path.join(DIRS.zxing, 'zxing_reader.wasm'));
    await zxing.prepareZXingModule({
      overrides: { wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) },
      fireImmediately: true
    });
    return zxing;
  })
);

/**
 * human on the tfjs WASM backend, its models from the package's models/ folder through the offline fetch
 * (offline.mjs). Only the face models a check needs are enabled; result caching between calls (meant for
 * video) is off, so every image is detected on its own. The detector's rotation correction is off: with it
 * on, human 3.3.6 reported one face for two portraits side by side (it found both with it off), and the
 * embeddings of frames tilted up to 25° still matched their upright frame at 0.87 or more without it.
 */
export const faceEngine = once(
  timed('faces', async () => {
    const { Human } = require(path.join(DIRS.human, 'dist', 'human.node-wasm.js'));
    const human = new Human({
      backend: 'wasm',
      wasmPath: pathToFileURL(path.join(DIRS.tfjsWasm, 'dist') + path.sep).href,
      modelBasePath: pathToFileURL(path.join(DIRS.human, 'models') + path.sep).href,
      debug: false,
      async: true,
      warmup: 'none',
      cacheModels: false,
      cacheSensitivity: 0,
      filter: { enabled: false },
      face: {
        enabled: true,
        detector: { enabled: true, rotation: false, maxDetected: 10, minConfidence: 0.5, iouThreshold: 0.1, return: false, skipFrames: 0, skipTime: 0 },
        mesh: { enabled: true },
        attention: { enabled: false },
        iris: { enabled: false },
        description: { enabled: true, skipFrames: 0, skipTime: 0 },
        emotion: { enabled: false },
        antispoof: { enabled: true, skipFrames: 0, skipTime: 0 },
        liveness: { enabled: true, skipFrames: 0, skipTime: 0 },
        gear: { enabled: false }
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false }
    });
    await human.load();
    // human logs a model it could not load and carries on; a check must never run without one.
    const have = human.models.loaded();
    const missing = ['blazeface', 'facemesh', 'faceres', 'antispoof', 'liveness'].filter((model) => !have.some((name) => name.includes(model)));
    if (missing.length > 0) throw new Error(`face models not loaded: ${missing.join(', ')} (loaded: ${have.join(', ') || 'none'})`);
    return human;
  })
);
