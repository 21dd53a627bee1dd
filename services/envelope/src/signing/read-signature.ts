import { AppError, parseWith } from '@signet/http';
import { SignRequest, type Settings } from '@signet/contracts';
import { imageSizeProblem } from '@signet/signed-pdf';
import type { SignatureType } from '../model';

/** A drawn or uploaded image, decoded; the service's JSON body limit (1 MB) bounds the base64 below it anyway. */
export const MAX_SIGNATURE_IMAGE_BYTES = 512 * 1024;

export type SignatureInput = { type: 'WRITTEN'; text: string } | { type: 'DRAWN' | 'UPLOADED'; image: Buffer; contentType: 'image/png' | 'image/jpeg' };

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', 'Invalid signature', [{ field, message }]);

function imageType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The image as base64, with or without a `data:image/...;base64,` prefix as a canvas gives it (SignRequest checked its form). */
function decodeImage(value: string): Buffer {
  return Buffer.from(value.replace(/^data:image\/(?:png|jpeg|jpg);base64,/, ''), 'base64');
}

/**
 * The body of POST /signing/v1/:token/sign: explicit consent and a signature of a type the envelope
 * allows. WRITTEN is the typed name (1-100 characters); DRAWN and UPLOADED are a PNG or JPG image.
 * SignRequest checks the shape; here, what it cannot: the envelope's settings and the image itself.
 */
export function readSignature(body: unknown, settings: Settings): SignatureInput {
  // The whole body is checked here (consent, signature and the shape of `fields`), once.
  const { signature } = parseWith(SignRequest, body ?? {});
  const allowed = settings.signature_flow.signature_types.split(',') as SignatureType[];
  if (!allowed.includes(signature.type)) throw invalid('signature.type', `is not allowed for this envelope (allowed: ${allowed.join(', ')})`);
  if (signature.type === 'WRITTEN') return { type: signature.type, text: signature.text.trim() };
  const image = decodeImage(signature.image);
  if (image.length > MAX_SIGNATURE_IMAGE_BYTES) throw invalid('signature.image', `must be at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KB`);
  const contentType = imageType(image);
  if (!contentType) throw invalid('signature.image', 'must be a PNG or JPG image');
  // Refused here, while the signer can still pick another image: at completion it would be too late.
  const tooLarge = imageSizeProblem(image);
  if (tooLarge) throw invalid('signature.image', tooLarge);
  return { type: signature.type, image, contentType };
}
