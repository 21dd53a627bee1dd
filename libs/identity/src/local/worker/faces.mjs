import { faceEngine } from './engines.mjs';

const DEGREES = 180 / Math.PI;

/**
 * The faces human finds in one image (RGB pixels), largest first: detection score, box, the antispoof
 * (`real`) and liveness (`live`) scores, head roll in degrees (positive: the face turned clockwise in the
 * image), and the 1024-number embedding. Embeddings never leave this thread.
 */
export async function facesIn(image) {
  const human = await faceEngine();
  const tensor = human.tf.tensor4d(image.data, [1, image.height, image.width, 3], 'int32');
  let result;
  try {
    result = await human.detect(tensor);
  } finally {
    human.tf.dispose(tensor);
  }
  if (result.error) throw new Error(`face detection failed: ${result.error}`);
  return result.face
    .map((face) => ({
      score: face.score,
      area: face.box[2] * face.box[3],
      real: typeof face.real === 'number' ? face.real : null,
      live: typeof face.live === 'number' ? face.live : null,
      roll: typeof face.rotation?.angle?.roll === 'number' ? face.rotation.angle.roll * DEGREES : null,
      embedding: face.embedding && face.embedding.length > 0 ? face.embedding : null
    }))
    .sort((a, b) => b.area - a.area);
}

/** Similarity (0-1) of two embeddings, as human computes it; 0 when either is missing. */
export async function similarity(a, b) {
  if (!a || !b) return 0;
  const human = await faceEngine();
  return human.match.similarity(a, b);
}
