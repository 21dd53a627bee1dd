import { statSync } from 'node:fs';
import path from 'node:path';
import { ocrDataDir } from '../src/local/ocr-data';

describe("the OCR's English data", () => {
  it('is unpacked once, on the main thread, where every worker reads it (no worker ever runs gunzip)', async () => {
    const dir = await ocrDataDir();
    expect(dir).not.toBeNull();
    expect(statSync(path.join(dir as string, 'eng.traineddata')).size).toBeGreaterThan(10_000_000);
    expect(await ocrDataDir()).toBe(dir);
  });
});
