import { PDFDocument, type PDFObject, PDFRef } from 'pdf-lib';

/**
 * Appends an incremental update (ISO 32000-1 7.5.6): `edit` changes the parsed document and returns the
 * references of the objects it added or changed; only those are written after the original bytes,
 * with their own cross-reference table and a trailer pointing back at the previous one, so every byte
 * an earlier signature covers stays where it was. pdf-lib parses and serializes the objects; it
 * cannot save incrementally itself.
 */
export async function appendIncrementalUpdate(bytes: Uint8Array, edit: (document: PDFDocument) => PDFRef[]): Promise<Buffer> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return writeUpdate(bytes, document, edit(document));
}

/**
 * An incremental update of whatever `edit` changes (drawing on pages, adding pages, fonts, fields):
 * every indirect object is compared, serialized, before and after the edit, and the new and changed
 * ones are appended. Slower than naming the changes, but drawing with pdf-lib touches objects no caller
 * could list.
 */
export async function appendChanges(bytes: Uint8Array, edit: (document: PDFDocument) => Promise<void>): Promise<Buffer> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const before = new Map(document.context.enumerateIndirectObjects().map(([ref, object]) => [ref.toString(), serialize(object)]));
  await edit(document);
  // Fonts and images are written into their objects only when flushed.
  await document.flush();
  const changed = document.context.enumerateIndirectObjects()
    .filter(([ref, object]) => !before.get(ref.toString())?.equals(serialize(object)))
    .map(([ref]) => ref);
  return writeUpdate(bytes, document, changed);
}

function writeUpdate(bytes: Uint8Array, document: PDFDocument, refs: PDFRef[]): Buffer {
  const original = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const previousXref = lastStartXref(original);
  const changed = [...new Map(refs.map((ref) => [ref.objectNumber, ref])).values()].sort((a, b) => a.objectNumber - b.objectNumber);

  const parts: Buffer[] = [original.at(-1) === 0x0a ? Buffer.alloc(0) : Buffer.from('\n')];
  let offset = original.length + parts[0]!.length;
  const offsets = new Map<number, number>();
  for (const ref of changed) {
    const object = document.context.lookup(ref);
    if (!object) throw new Error(`Object ${ref.toString()} is missing`);
    const body = Buffer.concat([Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`), serialize(object), Buffer.from('\nendobj\n')]);
    offsets.set(ref.objectNumber, offset);
    parts.push(body);
    offset += body.length;
  }
  const xrefOffset = offset;
  const lines = ['xref'];
  for (const ref of changed) {
    lines.push(`${ref.objectNumber} 1`, `${String(offsets.get(ref.objectNumber)).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n\r`);
  }
  const { Root, Info, ID } = document.context.trailerInfo;
  const trailer = [
    `/Size ${document.context.largestObjectNumber + 1}`,
    `/Root ${(Root as PDFRef).toString()}`,
    ...(Info ? [`/Info ${Info.toString()}`] : []),
    ...(ID ? [`/ID ${ID.toString()}`] : []),
    `/Prev ${previousXref}`
  ];
  lines.push('trailer', `<< ${trailer.join(' ')} >>`, 'startxref', String(xrefOffset), '%%EOF', '');
  parts.push(Buffer.from(lines.join('\n'), 'latin1'));
  return Buffer.concat([original, ...parts]);
}

function serialize(object: PDFObject): Buffer {
  const buffer = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return Buffer.from(buffer);
}

function lastStartXref(bytes: Buffer): number {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  const matches = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const last = matches.at(-1);
  if (!last) throw new Error('The PDF has no startxref');
  return Number(last[1]);
}
