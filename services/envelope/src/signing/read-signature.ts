import { AppError } from '@signet/http';
import type { Settings } from '@signet/contracts';
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

/** The image as base64, with or without a `data:image/...;base64,` prefix as a canvas gives it. */
function decodeImage(value: unknown): Buffer {
  if (typeof value !== 'string' || value === '') throw invalid('signature.image', 'is required: a base64 PNG or JPG');
  const base64 = value.replace(/^data:image\/(?:png|jpeg|jpg);base64,/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw invalid('signature.image', 'must be base64');
  return Buffer.from(base64, 'base64');
}

/**
 * The body of POST /signing/v1/:token/sign: explicit consent and a signature of a type the envelope
 * allows. WRITTEN is the typed name (1-100 characters); DRAWN and UPLOADED are a PNG or JPG image.
 */
export function readSignature(body: unknown, settings: Settings): SignatureInput {
  const input = (body ?? {}) as { consent?: unknown; signature?: { type?: unknown; text?: unknown; image?: unknown } };
  if (input.consent !== true) throw invalid('consent', 'must be true: the recipient consents to sign electronically');
  const type = input.signature?.type;
  if (type !== 'WRITTEN' && type !== 'DRAWN' && type !== 'UPLOADED') throw invalid('signature.type', 'must be WRITTEN, DRAWN or UPLOADED');
  const allowed = settings.signature_flow.signature_types.split(',') as SignatureType[];
  if (!allowed.includes(type)) throw invalid('signature.type', `is not allowed for this envelope (allowed: ${allowed.join(', ')})`);
  if (type === 'WRITTEN') {
    const text = typeof input.signature?.text === 'string' ? input.signature.text.trim() : '';
    if (text.length < 1 || text.length > 100) throw invalid('signature.text', 'must be 1 to 100 characters');
    return { type, text };
  }
  const image = decodeImage(input.signature?.image);
  if (image.length > MAX_SIGNATURE_IMAGE_BYTES) throw invalid('signature.image', `must be at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KB`);
  const contentType = imageType(image);
  if (!contentType) throw invalid('signature.image', 'must be a PNG or JPG image');
  // Refused here, while the signer can still pick another image: at completion it would be too late.
  const tooLarge = imageSizeProblem(image);
  if (tooLarge) throw invalid('signature.image', tooLarge);
  return { type, image, contentType };
}
