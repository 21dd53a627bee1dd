import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { bodyFingerprint } from './body-fingerprint';

async function fingerprintOf(contentType: string, chunks: string[]): Promise<string> {
  const fingerprint = bodyFingerprint('POST', '/api/v1/envelopes', contentType);
  await pipeline(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), fingerprint.sink);
  return fingerprint.done;
}

const form = (boundary: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${value}\r\n--${boundary}--\r\n`;

/** Splits a body into chunks of every size from 1 byte, so boundaries straddle chunk edges. */
const chunked = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, index) => text.slice(index * size, (index + 1) * size));

describe('bodyFingerprint', () => {
  it('is the same for the same form sent with another boundary, however the body is chunked', async () => {
    const first = await fingerprintOf('multipart/form-data; boundary=AaB03x', [form('AaB03x', 'Contract')]);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const boundary = '----formdata-undici-0123456789';
      expect(await fingerprintOf(`multipart/form-data; boundary="${boundary}"`, chunked(form(boundary, 'Contract'), size))).toBe(first);
    }
  });

  it('differs when a value, the method, the path or the content type differs', async () => {
    const base = await fingerprintOf('multipart/form-data; boundary=x1', [form('x1', 'Contract')]);
    expect(await fingerprintOf('multipart/form-data; boundary=x1', [form('x1', 'Contrakt')])).not.toBe(base);
    expect(await fingerprintOf('application/json', ['{"a":1}'])).not.toBe(await fingerprintOf('application/json', ['{"a":2}']));
    const other = bodyFingerprint('PUT', '/api/v1/envelopes', 'multipart/form-data; boundary=x1');
    await pipeline(Readable.from([Buffer.from(form('x1', 'Contract'))]), other.sink);
    expect(await other.done).not.toBe(base);
  });
});
