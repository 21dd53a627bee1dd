import { oversizedPng } from '@signet/testkit';
import { imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../src';

describe('the size of an image Signet embeds', () => {
  it('accepts what fits and refuses a picture too large to decode, however small its file', () => {
    expect(imageSizeProblem(oversizedPng(600, 200))).toBeNull();
    expect(imageSizeProblem(oversizedPng(MAX_IMAGE_SIDE, Math.floor(MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE)))).toBeNull();
    const bomb = oversizedPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2048);
    expect(imageSizeProblem(bomb)).toBe('is 30000x30000 pixels: at most 6000 on a side and 12 megapixels');
    expect(imageSizeProblem(oversizedPng(5000, 5000))).toMatch(/^is 5000x5000 pixels/);
    expect(imageSizeProblem(Buffer.from('not an image'))).toBe('is not a readable image');
  });
});
