const DATA_URL = /^data:image\/(png|jpe?g|svg\+xml)((?:;[^;,]*)*?)(;base64)?,([\s\S]*)$/i;

/**
 * The bytes of a PNG, JPEG or SVG data URL. Raster images come in base64 only; SVG also
 * percent-encoded, the form SVG data URLs are usually written in.
 */
export function decodeLogoDataUrl(value: string): Buffer {
  const match = DATA_URL.exec(value);
  if (!match) throw new Error('not a PNG, JPEG or SVG data URL');
  const [, type, , base64, payload] = match as unknown as [string, string, string, string | undefined, string];
  if (base64) return Buffer.from(payload.replace(/\s/g, ''), 'base64');
  if (type.toLowerCase() !== 'svg+xml') throw new Error(`a ${type} data URL must be base64`);
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    throw new Error('the SVG data URL is not validly percent-encoded');
  }
}
