import sharp from 'sharp';
import { createLocalVerifier, IdentityInputError, intakeImage, type LocalEngine } from '@signet/identity';
import { hostileImages, type HostileImages } from '@signet/identity/testing';

const SLOW = 120_000;

describe('image intake', () => {
  let hostile: HostileImages;
  let verifier: LocalEngine;
  const documentPolicy = { allowedKinds: ['PASSPORT'] as const, allowedCountries: [], nameMatch: 'STRICT' as const, expectedName: 'Eileen Collins', today: '2026-11-29' };
  const selfiePolicy = { similarityThreshold: 0.5, antispoofThreshold: 0.3, livenessThreshold: 0.2, challenge: 'TILT_LEFT' as const };

  beforeAll(async () => {
    hostile = await hostileImages();
    verifier = createLocalVerifier();
  }, SLOW);
  afterAll(() => verifier.close());

  const cases: Array<[keyof HostileImages, IdentityInputError['code']]> = [
    ['notAnImage', 'NOT_AN_IMAGE'],
    ['truncatedJpeg', 'IMAGE_TRUNCATED'],
    ['huge', 'IMAGE_TOO_LARGE'],
    ['zipBomb', 'IMAGE_TOO_LARGE'],
    ['overTenMegabytes', 'IMAGE_TOO_LARGE'],
    ['tiny', 'IMAGE_TOO_SMALL']
  ];

  it.each(cases)('refuses %s with %s, in both checks, with a message for the signer', async (name, code) => {
    const bytes = hostile[name];
    const document = verifier.checkDocument(bytes, documentPolicy);
    await expect(document).rejects.toBeInstanceOf(IdentityInputError);
    await expect(document).rejects.toMatchObject({ code, message: expect.stringMatching(/^The (file|photo) .*\.$/) });
    const good = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    await expect(verifier.checkSelfie({ document: good, neutral: good, challenge: bytes }, selfiePolicy)).rejects.toMatchObject({ name: 'IdentityInputError', code });
  }, SLOW);

  it('refuses the bombs from their headers, before decoding (the process stays small)', async () => {
    const before = process.memoryUsage().rss;
    for (let round = 0; round < 5; round++) {
      await expect(intakeImage(hostile.huge)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
      await expect(intakeImage(hostile.zipBomb)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    }
    // 400 megapixels decoded would be 400 MB; 81 MB for the bomb. Nothing near that was allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('turns a photo upright (EXIF), flattens it and brings it down to 1600 px on its long side', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
      .withMetadata({ orientation: 6 })
      .png()
      .toBuffer();
    const working = await intakeImage(photo);
    expect([working.width, working.height]).toEqual([1067, 1600]);
    expect(working.pixels.byteLength).toBe(1067 * 1600 * 3);
  });

  it('accepts WebP and greyscale PNG', async () => {
    const webp = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } }).webp().toBuffer();
    expect(await intakeImage(webp)).toMatchObject({ width: 640, height: 480 });
    const grey = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#777777' } }).greyscale().png().toBuffer();
    expect((await intakeImage(grey)).pixels.byteLength).toBe(300 * 300 * 3);
  });

  it('refuses a damaged file that only starts like an image', async () => {
    const damaged = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a PNG at all')]);
    await expect(intakeImage(damaged)).rejects.toMatchObject({ code: 'NOT_AN_IMAGE' });
  });
});
