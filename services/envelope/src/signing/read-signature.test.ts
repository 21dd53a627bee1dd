import type { Settings } from '@signet/contracts';
import { AppError } from '@signet/http';
import { oversizedPng } from '@signet/testkit';
import { MAX_SIGNATURE_IMAGE_BYTES, readSignature } from './read-signature';

const settings = (types: string) => ({ signature_flow: { signature_types: types } }) as Settings;
const PNG = oversizedPng(300, 100);
// A 1x1 baseline JPEG.
const JPG = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');

function refusal(body: unknown, types = 'WRITTEN,DRAWN,UPLOADED'): unknown {
  try {
    readSignature(body, settings(types));
  } catch (error) {
    return error instanceof AppError ? error.details : error;
  }
  throw new Error('accepted');
}

describe('readSignature', () => {
  it('reads a typed name and PNG or JPG images, with or without a data URL prefix', () => {
    expect(readSignature({ consent: true, signature: { type: 'WRITTEN', text: ' Ana Lima ' } }, settings('WRITTEN'))).toEqual({ type: 'WRITTEN', text: 'Ana Lima' });
    expect(readSignature({ consent: true, signature: { type: 'DRAWN', image: `data:image/png;base64,${PNG.toString('base64')}` } }, settings('DRAWN')))
      .toEqual({ type: 'DRAWN', image: PNG, contentType: 'image/png' });
    expect(readSignature({ consent: true, signature: { type: 'UPLOADED', image: JPG.toString('base64') } }, settings('UPLOADED')))
      .toEqual({ type: 'UPLOADED', image: JPG, contentType: 'image/jpeg' });
  });

  it('refuses no consent, an unknown or disallowed type, empty text and images that are not PNG or JPG or too large', () => {
    expect(refusal({ signature: { type: 'WRITTEN', text: 'Ana' } })).toEqual([{ field: 'consent', message: expect.any(String) }]);
    expect(refusal({ consent: true, signature: { type: 'STAMP' } })).toEqual([{ field: 'signature.type', message: 'must be WRITTEN, DRAWN or UPLOADED' }]);
    expect(refusal({ consent: true, signature: { type: 'DRAWN', image: PNG.toString('base64') } }, 'WRITTEN'))
      .toEqual([{ field: 'signature.type', message: 'is not allowed for this envelope (allowed: WRITTEN)' }]);
    expect(refusal({ consent: true, signature: { type: 'WRITTEN', text: '  ' } })).toEqual([{ field: 'signature.text', message: 'must be 1 to 100 characters' }]);
    expect(refusal({ consent: true, signature: { type: 'DRAWN', image: Buffer.from('GIF89a').toString('base64') } }))
      .toEqual([{ field: 'signature.image', message: 'must be a PNG or JPG image' }]);
    expect(refusal({ consent: true, signature: { type: 'DRAWN', image: 'not base64!' } })).toEqual([{ field: 'signature.image', message: 'must be base64' }]);
    const large = Buffer.concat([PNG, Buffer.alloc(MAX_SIGNATURE_IMAGE_BYTES)]).toString('base64');
    expect(refusal({ consent: true, signature: { type: 'DRAWN', image: large } })).toEqual([{ field: 'signature.image', message: 'must be at most 512 KB' }]);
  });

  it('refuses an image whose picture is too large to embed, however small its file', () => {
    expect(refusal({ consent: true, signature: { type: 'UPLOADED', image: oversizedPng(30_000, 30_000).toString('base64') } }))
      .toEqual([{ field: 'signature.image', message: 'is 30000x30000 pixels: at most 6000 on a side and 12 megapixels' }]);
  });
});
