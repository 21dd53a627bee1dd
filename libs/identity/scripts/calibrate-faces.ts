/**
 * Calibrates the selfie thresholds on the test set it builds (libs/identity/README.md, "Calibration"):
 * `npx tsx libs/identity/scripts/calibrate-faces.ts` prints JSON with every score and the error rates.
 *
 * The set: the two freely licensed face photos of Debian's python3-skimage (scripts/ensure-test-faces.sh),
 * each in 18 variants (crops, scales, brightness, JPEG quality, small rotations, blur, a mirror image, the
 * selfie frame and the passport the fixtures make). Genuine pairs are two variants of the same photo;
 * impostor pairs are a variant of one face against a variant of the other. Every image goes through the
 * engine's own intake (intake.ts) and face code (worker/faces.mjs, the same human configuration), here
 * in this script's thread rather than in the pool, so every embedding is computed once.
 */
import sharp from 'sharp';
import { intakeImage } from '../src/local/intake';
import { makePassport, makeSelfie, portraitImages, type FaceName } from '../src/testing';

interface Scored {
  face: FaceName;
  variant: string;
  faces: number;
  real: number | null;
  live: number | null;
  embedding: number[] | null;
}

async function variantsOf(face: FaceName, photoPath: string, portrait: Buffer): Promise<Array<[string, Buffer]>> {
  const photo = sharp(photoPath);
  const { width = 512, height = 512 } = await photo.metadata();
  const portraitMeta = await sharp(portrait).metadata();
  const scaled = (factor: number) => sharp(portrait).resize(Math.round((portraitMeta.width ?? 380) * factor)).png().toBuffer();
  const rotated = (degrees: number) => sharp(portrait).rotate(degrees, { background: '#b0b8be' }).png().toBuffer();
  const centre = face === 'astronaut' ? { x: 225, y: 120 } : { x: 225, y: 165 };
  const around = (half: number) => {
    const left = Math.max(0, centre.x - half);
    const top = Math.max(0, centre.y - half);
    return sharp(photoPath)
      .extract({ left, top, width: Math.min(width - left, half * 2), height: Math.min(height - top, half * 2) })
      .resize(400)
      .png()
      .toBuffer();
  };
  return [
    ['portrait', portrait],
    ['tight_crop', await around(70)],
    ['wide_crop', await around(160)],
    ['whole_photo', await sharp(photoPath).png().toBuffer()],
    ['scale_0.6', await scaled(0.6)],
    ['scale_1.5', await scaled(1.5)],
    ['darker_0.6', await sharp(portrait).modulate({ brightness: 0.6 }).png().toBuffer()],
    ['brighter_1.4', await sharp(portrait).modulate({ brightness: 1.4 }).png().toBuffer()],
    ['jpeg_q20', await sharp(portrait).jpeg({ quality: 20 }).toBuffer()],
    ['jpeg_q50', await sharp(portrait).jpeg({ quality: 50 }).toBuffer()],
    ['rotate_-8', await rotated(-8)],
    ['rotate_+8', await rotated(8)],
    ['rotate_-15', await rotated(-15)],
    ['rotate_+15', await rotated(15)],
    ['blur_1.5', await sharp(portrait).blur(1.5).png().toBuffer()],
    ['mirror', await sharp(portrait).flop().png().toBuffer()],
    ['selfie_frame', await makeSelfie(portrait)],
    ['selfie_tilt_20', await makeSelfie(portrait, { tilt: 20 })],
    ['passport', await makePassport({ surname: 'Test', givenNames: 'Face', number: 'CAL000001', country: 'FRA', birth: '1970-01-01', expiry: '2031-01-01', sex: 'X', portrait })]
  ];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function rates(genuine: number[], impostor: number[], threshold: number) {
  const falseRejects = genuine.filter((score) => score < threshold).length;
  const falseAccepts = impostor.filter((score) => score >= threshold).length;
  return { threshold, false_reject_rate: round(falseRejects / genuine.length), false_rejects: falseRejects, false_accept_rate: round(falseAccepts / impostor.length), false_accepts: falseAccepts };
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, min: round(sorted[0] ?? NaN), p05: round(sorted[Math.floor(sorted.length * 0.05)] ?? NaN), median: round(sorted[Math.floor(sorted.length / 2)] ?? NaN), max: round(sorted.at(-1) ?? NaN) };
};

async function main(): Promise<void> {
  const { goOffline } = await import('../src/local/worker/offline.mjs');
  goOffline();
  const { facesIn, similarity } = await import('../src/local/worker/faces.mjs');
  const { engineVersions } = await import('../src/local/worker/engines.mjs');
  const faces = await portraitImages();
  const scored: Scored[] = [];
  for (const face of Object.keys(faces) as FaceName[]) {
    for (const [variant, bytes] of await variantsOf(face, faces[face].path, faces[face].portrait)) {
      const working = await intakeImage(bytes);
      const found = await facesIn({ data: new Uint8Array(working.pixels), width: working.width, height: working.height });
      scored.push({ face, variant, faces: found.length, real: found[0]?.real ?? null, live: found[0]?.live ?? null, embedding: found[0]?.embedding ?? null });
    }
  }
  const usable = scored.filter((item) => item.embedding);
  const genuine: Array<{ pair: string; score: number }> = [];
  const impostor: Array<{ pair: string; score: number }> = [];
  for (let i = 0; i < usable.length; i++) {
    for (let j = i + 1; j < usable.length; j++) {
      const a = usable[i]!;
      const b = usable[j]!;
      const score = round(await similarity(a.embedding, b.embedding));
      (a.face === b.face ? genuine : impostor).push({ pair: `${a.face}/${a.variant} ~ ${b.face}/${b.variant}`, score });
    }
  }
  const genuineScores = genuine.map((item) => item.score);
  const impostorScores = impostor.map((item) => item.score);
  const selfieLike = scored.filter((item) => item.variant !== 'passport' && item.faces === 1);
  const report = {
    versions: engineVersions(),
    images: scored.map(({ face, variant, faces: count, real, live }) => ({ face, variant, faces: count, real, live })),
    images_without_a_face: scored.filter((item) => item.faces === 0).map((item) => `${item.face}/${item.variant}`),
    images_with_several_faces: scored.filter((item) => item.faces > 1).map((item) => `${item.face}/${item.variant}`),
    similarity: {
      genuine: summary(genuineScores),
      impostor: summary(impostorScores),
      lowest_genuine: [...genuine].sort((a, b) => a.score - b.score).slice(0, 5),
      highest_impostor: [...impostor].sort((a, b) => b.score - a.score).slice(0, 5),
      at_thresholds: [0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8].map((threshold) => rates(genuineScores, impostorScores, threshold))
    },
    antispoof_real: { all: summary(selfieLike.map((item) => item.real ?? 0)), astronaut: summary(selfieLike.filter((item) => item.face === 'astronaut').map((item) => item.real ?? 0)), camera: summary(selfieLike.filter((item) => item.face === 'camera').map((item) => item.real ?? 0)) },
    liveness_live: { all: summary(selfieLike.map((item) => item.live ?? 0)), astronaut: summary(selfieLike.filter((item) => item.face === 'astronaut').map((item) => item.live ?? 0)), camera: summary(selfieLike.filter((item) => item.face === 'camera').map((item) => item.live ?? 0)) }
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`calibration failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
