import { decodePDFRawStream, PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRawStream } from 'pdf-lib';

type Matrix = [a: number, b: number, c: number, d: number, e: number, f: number];

/** An image drawn on a page: the bounding box, in default user space, of the unit square it fills. */
export interface DrawnImage {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A string shown with Tj, decoded through its font's ToUnicode map. */
export interface DrawnText {
  baseFont: string;
  text: string;
}

/** A stroked path (S): the bounding box, in default user space, of its points (a rule has height 0). */
export type StrokedPath = DrawnImage;

/** A filled path (f, B): its bounding box in default user space and the RGB fill colour (rg) it was filled with. */
export type FilledPath = DrawnImage & { rgb: number[] };

/**
 * Reads back what a page's content streams draw, independently of the code under test: a small
 * interpreter for q/Q/cm (the current transformation matrix at each image Do), Tf/Tj, and m/l/S for
 * stroked paths (rules and frames).
 */
export function pageContent(document: PDFDocument, pageIndex: number): { images: DrawnImage[]; texts: DrawnText[]; strokes: StrokedPath[]; fills: FilledPath[] } {
  const page = document.getPage(pageIndex);
  const resources = page.node.Resources()!;
  const xObjects = resources.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const fonts = resources.lookupMaybe(PDFName.of('Font'), PDFDict);

  const images: DrawnImage[] = [];
  const texts: DrawnText[] = [];
  const strokes: StrokedPath[] = [];
  const fills: FilledPath[] = [];
  let fillRgb: number[] = [0, 0, 0];
  let path: Array<[number, number]> = [];
  const saved: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let font: { baseFont: string; toUnicode: Map<string, string> } | undefined;
  let operands: string[] = [];

  for (const token of tokens(contentText(document, page.node.get(PDFName.of('Contents'))))) {
    if (!token.operator) {
      operands.push(token.value);
      continue;
    }
    switch (token.value) {
      case 'q':
        saved.push(ctm);
        break;
      case 'Q':
        ctm = saved.pop()!;
        break;
      case 'cm':
        ctm = multiply(operands.map(Number) as Matrix, ctm);
        break;
      case 'Do': {
        const xObject = xObjects?.lookup(PDFName.of(operands[0]!.slice(1)));
        if (xObject instanceof PDFRawStream && xObject.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
          images.push(unitSquareBox(ctm));
        }
        break;
      }
      case 'Tf': {
        const dict = fonts!.lookup(PDFName.of(operands[0]!.slice(1)), PDFDict);
        const toUnicode = dict.lookup(PDFName.of('ToUnicode'));
        font = {
          baseFont: dict.lookup(PDFName.of('BaseFont'), PDFName).decodeText(),
          toUnicode: toUnicode instanceof PDFRawStream ? bfChars(streamText(toUnicode)) : new Map()
        };
        break;
      }
      case 'm':
      case 'l': {
        const [x, y] = operands.map(Number) as [number, number];
        path.push([ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]]);
        break;
      }
      case 'S':
        strokes.push(boundingBox(path));
        path = [];
        break;
      case 'rg':
        fillRgb = operands.map(Number);
        break;
      case 'f':
      case 'B':
        fills.push({ ...boundingBox(path), rgb: fillRgb });
        path = [];
        break;
      case 'n':
        path = [];
        break;
      case 'Tj':
        texts.push({ baseFont: font!.baseFont, text: decodeHex(operands[0]!, font!.toUnicode) });
        break;
    }
    operands = [];
  }
  return { images, texts, strokes, fills };
}

function contentText(document: PDFDocument, contents: PDFObject | undefined): string {
  const resolved = document.context.lookup(contents);
  if (resolved instanceof PDFArray) return resolved.asArray().map((item) => contentText(document, item)).join('\n');
  return resolved instanceof PDFRawStream ? streamText(resolved) : '';
}

function streamText(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

function* tokens(content: string): Generator<{ value: string; operator: boolean }> {
  const pattern = /\s+|%[^\r\n]*|<<|>>|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\[|\]|\/[^\s/<>[\]()]+|[+-]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*][A-Za-z0-9*]*/y;
  while (pattern.lastIndex < content.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(content);
    if (!match) throw new Error(`Unexpected content stream syntax: ${content.slice(at, at + 20)}`);
    const value = match[0];
    if (!/^\s|^%/.test(value)) yield { value, operator: /^[A-Za-z'"]/.test(value) };
  }
}

function bfChars(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, code, unicode] of cmap.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    map.set(code!.toLowerCase(), Buffer.from(unicode!, 'hex').swap16().toString('utf16le'));
  }
  return map;
}

function decodeHex(hex: string, toUnicode: Map<string, string>): string {
  const digits = hex.slice(1, -1).replace(/\s/g, '').toLowerCase();
  let text = '';
  for (let index = 0; index < digits.length; index += 4) text += toUnicode.get(digits.slice(index, index + 4)) ?? '?';
  return text;
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5]
  ];
}

function unitSquareBox([a, b, c, d, e, f]: Matrix): DrawnImage {
  return boundingBox([[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f]));
}

function boundingBox(corners: number[][]): DrawnImage {
  const xs = corners.map(([x]) => x!);
  const ys = corners.map(([, y]) => y!);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}
