import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { deflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';

const latin1 = (value: string) => Buffer.from(value, 'latin1');

/** A PDF whose trailer names an /Encrypt dictionary: what marks a file as password-protected. */
export async function encryptedPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]);
  const encrypt = document.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 });
  encrypt.set(PDFName.of('O'), PDFString.of('o'.repeat(32)));
  encrypt.set(PDFName.of('U'), PDFString.of('u'.repeat(32)));
  document.context.trailerInfo.Encrypt = document.context.register(encrypt);
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/**
 * A one-page PDF with an object stream that inflates to `inflatedMb` megabytes of zeros (a decompression
 * bomb). Deflated at level 1: it inflates the same, and is made in a quarter of level 9's time (1 s, not 5).
 */
export function decompressionBombPdf(inflatedMb = 1024): Buffer {
  const deflated = deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024), { level: 1 });
  return Buffer.concat([
    latin1('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    latin1('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n'),
    latin1('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n'),
    latin1(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`),
    deflated,
    latin1('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n')
  ]);
}

/**
 * A valid one-page PDF whose page content inflates to `inflatedMb` megabytes (spaces): opening it reads
 * no content, searching its text has to inflate all of it.
 */
export function contentBombPdf(inflatedMb = 512): Buffer {
  const deflated = deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024, 0x20), { level: 9 });
  return Buffer.concat([
    latin1('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    latin1('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n'),
    latin1('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n'),
    latin1(`4 0 obj\n<< /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`),
    deflated,
    latin1('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n')
  ]);
}

/**
 * Writes a valid one-page PDF of about `totalBytes` to `path` without holding it in memory: the bulk is an
 * unreferenced stream of spaces, written a megabyte at a time, with a correct cross-reference table.
 */
export async function writeLargePdf(path: string, totalBytes: number): Promise<number> {
  const out = createWriteStream(path);
  let written = 0;
  const offsets: number[] = [];
  const write = async (chunk: Buffer) => {
    written += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const object = async (number: number, body: string) => {
    offsets[number] = written;
    await write(latin1(`${number} 0 obj\n${body}\nendobj\n`));
  };
  await write(latin1('%PDF-1.4\n'));
  await object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  await object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  await object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  const padding = Math.max(0, totalBytes - 1024);
  offsets[4] = written;
  await write(latin1(`4 0 obj\n<< /Length ${padding} >>\nstream\n`));
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = padding; left > 0; left -= megabyte.length) await write(left >= megabyte.length ? megabyte : megabyte.subarray(0, left));
  await write(latin1('\nendstream\nendobj\n'));
  const xref = written;
  const entries = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  await write(latin1(`xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  out.end();
  await once(out, 'finish');
  return written;
}

/** The kinds of active content a PDF can carry, and a harmless link for contrast. */
export type ActiveContentKind = 'openaction-javascript' | 'launch' | 'javascript-name-tree' | 'page-aa-javascript' | 'field-javascript-in-object-stream' | 'uri-link';

/**
 * A valid one-page PDF carrying active content of `kind`: JavaScript run on opening, a /Launch of
 * cmd.exe behind a link, a document-level JavaScript name tree, JavaScript on a page event (/AA), or
 * JavaScript on a link annotation kept inside an object stream. 'uri-link' is an ordinary web link.
 */
export async function activeContentPdf(kind: ActiveContentKind): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  const { context, catalog } = document;
  const javascript = () => context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hello")') });
  const link = (action: PDFDict) => {
    const annotation = context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 700, 200, 720], A: action }));
    page.node.set(PDFName.of('Annots'), context.obj([annotation]));
  };
  switch (kind) {
    case 'openaction-javascript':
      catalog.set(PDFName.of('OpenAction'), context.register(javascript()));
      break;
    case 'launch':
      link(context.obj({ S: 'Launch', F: PDFString.of('cmd.exe'), Win: { F: PDFString.of('cmd.exe'), P: PDFString.of('/c calc') } }));
      break;
    case 'javascript-name-tree':
      catalog.set(PDFName.of('Names'), context.obj({ JavaScript: { Names: [PDFString.of('init'), context.register(javascript())] } }));
      break;
    case 'page-aa-javascript':
      page.node.set(PDFName.of('AA'), context.obj({ O: javascript() }));
      break;
    case 'field-javascript-in-object-stream':
      link(javascript());
      return Buffer.from(await document.save({ useObjectStreams: true }));
    case 'uri-link':
      link(context.obj({ S: 'URI', URI: PDFString.of('https://example.com/terms') }));
      break;
  }
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
