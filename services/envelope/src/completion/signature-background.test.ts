import type { Logger } from '@signet/log';
import { oversizedPng } from '@signet/testkit';
import {
  BACKGROUND_MAX_BYTES,
  createSignatureBackgroundLoader,
  type FetchBackground,
  fetchBackgroundFromPublicUrl
} from './signature-background';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const URL = 'https://cdn.example.com/background.png';
const ENVELOPE_ID = '0193a000-0000-7000-8000-000000000001';

function loader(fetch: FetchBackground) {
  const warn = jest.fn();
  return { load: createSignatureBackgroundLoader({ fetch: jest.fn(fetch), log: { warn } as unknown as Logger }), warn };
}

const reasonOf = (warn: jest.Mock) => (warn.mock.calls[0]![0] as { reason: string }).reason;

describe('the signature background loader', () => {
  it('uses the fetched bytes when they are a PNG, whatever the content type says', async () => {
    const fetch = jest.fn<ReturnType<FetchBackground>, Parameters<FetchBackground>>(async () => ({ contentType: 'text/plain', bytes: PNG }));
    const warn = jest.fn();
    const load = createSignatureBackgroundLoader({ fetch, log: { warn } as unknown as Logger });
    expect(await load(URL, ENVELOPE_ID)).toEqual(PNG);
    expect(fetch).toHaveBeenCalledWith(URL);
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves out an answer that is not an image (an HTML error page), with a warning', async () => {
    const { load, warn } = loader(async () => ({ contentType: 'image/png', bytes: Buffer.from('<!doctype html><h1>Not found</h1>') }));
    expect(await load(URL, ENVELOPE_ID)).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ envelope_id: ENVELOPE_ID, bg_image: URL, reason: 'not a PNG or JPEG image' }),
      expect.any(String)
    );
  });

  it('leaves out a PNG that cannot be read, with a warning', async () => {
    const { load, warn } = loader(async () => ({ contentType: 'image/png', bytes: Buffer.concat([PNG.subarray(0, 8), Buffer.from('junk')]) }));
    expect(await load(URL, ENVELOPE_ID)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('leaves out a PNG whose picture is too large to embed, however small its file', async () => {
    const { load, warn } = loader(async () => ({ contentType: 'image/png', bytes: oversizedPng(30_000, 30_000) }));
    expect(await load(URL, ENVELOPE_ID)).toBeNull();
    expect(reasonOf(warn)).toMatch(/is 30000x30000 pixels/);
  });

  it('leaves out the background when the fetch fails (refused, timed out, too large), with the reason', async () => {
    for (const message of ['refused: 127.0.0.1 is a loopback address', 'timed out after 5000 ms', `larger than ${BACKGROUND_MAX_BYTES} bytes`]) {
      const { load, warn } = loader(async () => {
        throw new Error(message);
      });
      expect(await load(URL, ENVELOPE_ID)).toBeNull();
      expect(reasonOf(warn)).toBe(message);
    }
  });

  it('refuses more than 1 MiB even if the fetch returned it', async () => {
    const { load, warn } = loader(async () => ({ contentType: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(BACKGROUND_MAX_BYTES)]) }));
    expect(await load(URL, ENVELOPE_ID)).toBeNull();
    expect(reasonOf(warn)).toContain('larger than');
  });

  it('fetches nothing and says nothing when there is no background', async () => {
    const { load, warn } = loader(() => Promise.reject(new Error('no fetch expected')));
    for (const value of [null, undefined, '', '  ']) expect(await load(value, ENVELOPE_ID)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fetches only https URLs', async () => {
    const { load, warn } = loader(() => Promise.reject(new Error('no fetch expected')));
    expect(await load('http://cdn.example.com/background.png', ENVELOPE_ID)).toBeNull();
    expect(reasonOf(warn)).toBe('not an https URL');
  });

  it('fetches from public addresses only', async () => {
    const fetchBackground = fetchBackgroundFromPublicUrl();
    await expect(fetchBackground('https://127.0.0.1/background.png')).rejects.toThrow('refused: 127.0.0.1 is a loopback address');
    await expect(fetchBackground('https://[::ffff:169.254.169.254]/background.png')).rejects.toThrow(/refused: .* is a link-local address/);
    await expect(fetchBackground('https://localhost/background.png')).rejects.toThrow(/signature backgrounds may not reach/);
  });
});
