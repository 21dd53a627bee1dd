import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { closePdfWorkers, InvalidPdfError, inspectPdfFile } from '../src';
import { blankPdf, deflatedZeros, objectStreamBomb, signHerePdf } from './fixtures';

const MEGABYTE = 1024 * 1024;

describe('inspectPdfFile', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'signet-pdf-'));
  });
  afterAll(async () => {
    await closePdfWorkers();
    await rm(folder, { recursive: true, force: true });
  });

  async function file(name: string, bytes: Uint8Array): Promise<string> {
    const filePath = path.join(folder, name);
    await writeFile(filePath, bytes);
    return filePath;
  }

  it('inspects a PDF on disk', async () => {
    await expect(inspectPdfFile(await file('sign-here.pdf', await signHerePdf()))).resolves.toEqual({
      pageCount: 3,
      pages: Array(3).fill({ width: 612, height: 792 })
    });
  });

  it('rejects a text file as not a PDF', async () => {
    const text = await file('letter.pdf', Buffer.from('Dear customer,\nplease sign the attached contract.\n'));
    await expect(inspectPdfFile(text)).rejects.toMatchObject({ reason: 'not_pdf', message: 'The file is not a PDF' });
  });

  it('applies the limits, as inspectPdf does', async () => {
    const fivePages = await file('five.pdf', await blankPdf(5));
    await expect(inspectPdfFile(fivePages, { maxPages: 4 })).rejects.toMatchObject({ reason: 'too_many_pages' });
  });

  it('stops an object stream that inflates to 1 GB', async () => {
    const bomb = await file('bomb.pdf', objectStreamBomb(await deflatedZeros(1024 * MEGABYTE)));
    await expect(inspectPdfFile(bomb, { maxMemoryMb: 128, timeoutMs: 5000 })).rejects.toMatchObject({ reason: 'too_complex' });
  });

  it('fails with a plain Error, not a verdict on the document, for a file that cannot be read', async () => {
    const error = await inspectPdfFile(path.join(folder, 'missing.pdf')).catch((caught: unknown) => caught);
    // fs's own error, created outside jest's realm: toBeInstanceOf(Error) cannot see it as one.
    expect(error).toMatchObject({ name: 'Error', code: 'ENOENT' });
    expect(error).not.toBeInstanceOf(InvalidPdfError);
  });
});
