import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/** The package's own answer of where its data is, as the worker reads it (engines.mjs). */
const requirePackage = createRequire(__filename);

let unpacked: Promise<string | null> | null = null;

/**
 * The OCR's English data, unpacked once per process into the temporary folder (`<tmp>/signet-tessdata-...`,
 * written whole and then renamed, so processes sharing it never read half a file), or null when that
 * folder cannot be written. Unpacked here, on the main thread, because gunzip inside a worker thread that
 * is then ended (a check past its time limit, a worker over its memory) can abort the whole process when
 * Node cleans the thread up: its zlib handle is closed before it was initialised.
 */
export function ocrDataDir(): Promise<string | null> {
  unpacked ??= unpack().catch(() => null);
  return unpacked;
}

async function unpack(): Promise<string> {
  const eng = requirePackage('@tesseract.js-data/eng') as { langPath: string };
  const version = (JSON.parse(await readFile(path.join(eng.langPath, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const dir = path.join(tmpdir(), `signet-tessdata-${version}-${path.basename(eng.langPath)}`);
  const file = path.join(dir, 'eng.traineddata');
  if (existsSync(file)) return dir;
  await mkdir(dir, { recursive: true });
  const data = await promisify(gunzip)(await readFile(path.join(eng.langPath, 'eng.traineddata.gz')));
  const partial = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(partial, data);
  await rename(partial, file);
  return dir;
}
