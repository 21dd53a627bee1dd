import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef } from 'pdf-lib';

/**
 * What the updates appended after a signed revision changed, beyond what long-term validation adds:
 * a /DSS in the catalog, and new signature fields (invisible widgets, /FT /Sig) in the form's /Fields
 * and a page's /Annots. Every object of the signed revision must be byte for byte the same in the whole
 * file, except those dictionaries and arrays with exactly those additions. Null when nothing else changed.
 */
export async function changesAfterSigning(signedRevision: Buffer, file: Buffer): Promise<string | null> {
  if (signedRevision.length === file.length) return null;
  let before: PDFDocument;
  let after: PDFDocument;
  try {
    before = await PDFDocument.load(signedRevision, { updateMetadata: false, ignoreEncryption: true });
    after = await PDFDocument.load(file, { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    return `The updates after the signature cannot be read: ${(error as Error).message}`;
  }
  const root = before.context.trailerInfo.Root;
  if (!(root instanceof PDFRef) || after.context.trailerInfo.Root?.toString() !== root.toString()) return 'The document catalog was replaced';
  for (const [ref, old] of before.context.enumerateIndirectObjects()) {
    const current = after.context.lookup(ref);
    if (current && same(old, current)) continue;
    const problem = current ? allowedChange(old, current, after) : 'removed';
    if (problem) return `Object ${ref.objectNumber} was changed after signing (${problem})`;
  }
  return null;
}

/** Null when `current` is `old` plus what long-term validation may add, else what differs. */
function allowedChange(old: PDFObject, current: PDFObject, after: PDFDocument): string | null {
  if (old instanceof PDFArray && current instanceof PDFArray) return onlySignatureFieldsAdded(old, current, after);
  if (!(old instanceof PDFDict) || !(current instanceof PDFDict)) return 'content';
  const keys = new Set([...old.keys(), ...current.keys()].map((key) => key.asString()));
  for (const key of keys) {
    const was = old.get(PDFName.of(key.slice(1)));
    const is = current.get(PDFName.of(key.slice(1)));
    if (was && is && same(was, is)) continue;
    if (key === '/DSS' || key === '/SigFlags') continue;
    if (key === '/AcroForm' || key === '/Annots' || key === '/Fields') {
      if (is === undefined) return `entry ${key} removed`;
      const problem = was === undefined
        ? onlySignatureFieldsAdded(PDFArray.withContext(after.context), resolveArrayOrForm(is, after), after)
        : allowedChange(resolve(was, after), resolve(is, after), after);
      if (problem === null) continue;
      return problem;
    }
    return `entry ${key}`;
  }
  return null;
}

function onlySignatureFieldsAdded(old: PDFArray, current: PDFObject, after: PDFDocument): string | null {
  if (!(current instanceof PDFArray)) return 'array replaced';
  if (current.size() < old.size()) return 'entries removed';
  for (let index = 0; index < old.size(); index++) if (!same(old.get(index), current.get(index))) return 'entries replaced';
  for (let index = old.size(); index < current.size(); index++) {
    const added = resolve(current.get(index), after);
    if (!(added instanceof PDFDict) || !isInvisibleSignatureField(added)) return 'an added annotation is not an invisible signature field';
  }
  return null;
}

function isInvisibleSignatureField(field: PDFDict): boolean {
  if (field.get(PDFName.of('FT')) !== PDFName.of('Sig')) return false;
  const rect = field.lookupMaybe(PDFName.of('Rect'), PDFArray);
  if (!rect) return true;
  const [x1, y1, x2, y2] = [0, 1, 2, 3].map((index) => (rect.lookupMaybe(index, PDFNumber)?.asNumber() ?? 0));
  return x1 === x2 || y1 === y2;
}

/** An AcroForm written inside the catalog holds its /Fields: compare those, as for an array. */
function resolveArrayOrForm(value: PDFObject | undefined, after: PDFDocument): PDFObject {
  const resolved = value ? resolve(value, after) : PDFArray.withContext(after.context);
  return resolved instanceof PDFDict ? (resolved.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? PDFArray.withContext(after.context)) : resolved;
}

function resolve(value: PDFObject, document: PDFDocument): PDFObject {
  return value instanceof PDFRef ? (document.context.lookup(value) ?? value) : value;
}

function same(a: PDFObject, b: PDFObject): boolean {
  return serialize(a).equals(serialize(b));
}

function serialize(object: PDFObject): Buffer {
  const buffer = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return Buffer.from(buffer);
}
