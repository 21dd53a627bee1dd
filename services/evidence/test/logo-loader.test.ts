import type { Logger } from '@signet/log';
import { RefusedAddressError } from '@signet/outbound';
import { createLogoLoader, FetchLogo, fetchLogoFromPublicUrl } from '../src/logo-loader';
import { oversizedPng } from '@signet/testkit';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
// SOI, JFIF header, a 1x1 baseline frame header and EOI: all pdfkit reads of a JPEG.
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/wAALCAABAAEBAREA/9k=';
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="navy"/></svg>';

function loader(fetch: FetchLogo = () => Promise.reject(new Error('no fetch expected'))) {
  const warn = jest.fn();
  return { load: createLogoLoader({ fetch, log: { warn } as unknown as Logger }), warn };
}

describe('the logo loader', () => {
  it('decodes PNG and JPEG base64 data URLs', async () => {
    const { load, warn } = loader();
    expect(await load(`data:image/png;base64,${PNG}`)).toEqual({ format: 'png', bytes: Buffer.from(PNG, 'base64') });
    expect(await load(`data:image/jpeg;base64,${JPEG}`)).toMatchObject({ format: 'jpeg' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('decodes SVG data URLs, base64 or percent-encoded', async () => {
    const { load } = loader();
    expect(await load(`data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`)).toEqual({ format: 'svg', svg: SVG });
    expect(await load(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`)).toEqual({ format: 'svg', svg: SVG });
  });

  it.each([
    ['text labelled as PNG', `data:image/png;base64,${Buffer.from('hello').toString('base64')}`, 'not a PNG, JPEG or SVG image'],
    ['an SVG that does not parse', `data:image/svg+xml,${encodeURIComponent('<svg><g></svg>')}`, 'not a usable SVG'],
    ['an SVG declaring entities', `data:image/svg+xml,${encodeURIComponent('<!DOCTYPE svg [<!ENTITY a "b">]><svg/>')}`, 'not a PNG, JPEG or SVG image'],
    ['an http URL', 'http://cdn.example.com/logo.png', 'neither an https URL nor a data URL'],
    ['a PNG declaring 30000x30000 pixels', `data:image/png;base64,${oversizedPng(30_000, 30_000).toString('base64')}`, 'is 30000x30000 pixels']
  ])('leaves out %s, with a warning', async (_case, value, reason) => {
    const { load, warn } = loader();
    expect(await load(value)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: expect.stringContaining(reason) }), expect.any(String));
  });

  it('has no logo, and says nothing, when the branding has none', async () => {
    const { load, warn } = loader();
    expect(await load(undefined)).toBeNull();
    expect(await load(null)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fetches an https logo and decides its type from the bytes, not the content type', async () => {
    const fetch = jest.fn<ReturnType<FetchLogo>, Parameters<FetchLogo>>()
      .mockResolvedValueOnce({ contentType: 'text/plain', bytes: Buffer.from(PNG, 'base64') })
      .mockResolvedValueOnce({ contentType: 'image/png', bytes: Buffer.from('<html>not found</html>') });
    const { load, warn } = loader(fetch);
    expect(await load('https://cdn.example.com/logo.png')).toMatchObject({ format: 'png' });
    expect(await load('https://cdn.example.com/logo.png')).toBeNull();
    expect(fetch).toHaveBeenCalledWith('https://cdn.example.com/logo.png');
    expect(warn).toHaveBeenCalledWith({ logo: 'https://cdn.example.com/logo.png', reason: 'not a PNG, JPEG or SVG image' }, expect.any(String));
  });

  it('has no logo when the fetch is refused or fails', async () => {
    const refused = new RefusedAddressError('refused: internal.example resolves only to addresses logos may not reach: 10.0.0.5 (a private address)');
    const { load, warn } = loader(() => Promise.reject(refused));
    expect(await load('https://internal.example/logo.png')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: refused.message }), expect.any(String));
  });

  it('refuses loopback and cloud-metadata addresses when fetching for real', async () => {
    const fetchLogo = fetchLogoFromPublicUrl();
    await expect(fetchLogo('https://127.0.0.1/logo.png')).rejects.toThrow('refused: 127.0.0.1 is a loopback address');
    await expect(fetchLogo('https://[::ffff:169.254.169.254]/logo.png')).rejects.toThrow(/refused: .* is a link-local address/);
    await expect(fetchLogo('https://localhost/logo.png')).rejects.toThrow(/^refused: localhost resolves only to addresses logos may not reach: .*\(a loopback address\)/);
  });
});
