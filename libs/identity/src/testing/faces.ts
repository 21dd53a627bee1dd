import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PACKAGE_DIR = path.join(__dirname, '..', '..');
const FACES_DIR = path.join(PACKAGE_DIR, '.cache', 'test-faces');

/** One of the test faces: the whole photo on disk, and the portrait cropped to the face. */
export interface TestFace {
  /** The photo as Debian ships it (512 × 512 PNG). */
  path: string;
  /** The face cropped from it with some hair and chin, as a document portrait or a selfie shows one (PNG). */
  portrait: Buffer;
  /** Where the photo comes from and its licence. */
  source: string;
}

/**
 * Where each face is in its photo (found once with human, then widened to a portrait's proportions), and
 * how much the crop is enlarged: camera.png's face is about 100 px wide, astronaut.png's about 145.
 */
const CROPS = {
  astronaut: { crop: { left: 130, top: 20, width: 190, height: 240 }, scale: 2, source: 'scikit-image astronaut.png: Eileen Collins, NASA, public domain (Debian python3-skimage)' },
  camera: { crop: { left: 150, top: 60, width: 150, height: 190 }, scale: 2.5, source: 'scikit-image camera.png: CC0 by the photographer, Lav Varshney (Debian python3-skimage)' }
} as const;

export type FaceName = keyof typeof CROPS;

/** Runs scripts/ensure-test-faces.sh when the photos are not in the cache yet. */
export function ensureTestFaces(): string {
  const ready = () => existsSync(path.join(FACES_DIR, 'astronaut.png')) && existsSync(path.join(FACES_DIR, 'camera.png'));
  if (!ready()) execFileSync(path.join(PACKAGE_DIR, 'scripts', 'ensure-test-faces.sh'), { stdio: ['ignore', 'ignore', 'inherit'] });
  if (!ready()) throw new Error('The test faces are missing: run libs/identity/scripts/ensure-test-faces.sh (needs apt-get)');
  return FACES_DIR;
}

const cache = new Map<FaceName, Promise<TestFace>>();

async function loadFace(name: FaceName): Promise<TestFace> {
  const file = path.join(ensureTestFaces(), `${name}.png`);
  const { crop, scale, source } = CROPS[name];
  const portrait = await sharp(readFileSync(file))
    .extract(crop)
    .resize(Math.round(crop.width * scale), Math.round(crop.height * scale), { kernel: 'lanczos3' })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return { path: file, portrait, source };
}

/** The two test faces, Eileen Collins (astronaut) and the photographer's subject (camera), cropped to the face. */
export async function portraitImages(): Promise<Record<FaceName, TestFace>> {
  const names = Object.keys(CROPS) as FaceName[];
  const faces = await Promise.all(
    names.map((name) => {
      let face = cache.get(name);
      if (!face) {
        face = loadFace(name);
        cache.set(name, face);
      }
      return face;
    })
  );
  return Object.fromEntries(names.map((name, index) => [name, faces[index]!])) as Record<FaceName, TestFace>;
}
