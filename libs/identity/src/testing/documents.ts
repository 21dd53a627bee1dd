import bwipjs from 'bwip-js';
import sharp from 'sharp';
import { flipCharacter, td1Lines, td3Lines, type MrzPerson } from './mrz-lines';

/** Text for SVG: the five characters XML gives a meaning to are escaped. */
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface TextLine {
  x: number;
  y: number;
  text: string;
  size: number;
  mono?: boolean;
  bold?: boolean;
  colour?: string;
  /** Stretch the text to this width (the MRZ's fixed pitch). */
  width?: number;
}

function svgText(line: TextLine): string {
  const family = line.mono ? 'DejaVu Sans Mono' : 'DejaVu Sans';
  const stretch = line.width ? ` textLength="${line.width}" lengthAdjust="spacing"` : '';
  return `<text x="${line.x}" y="${line.y}" font-family="${family}" font-size="${line.size}"${line.bold ? ' font-weight="bold"' : ''} fill="${line.colour ?? '#1b1b1b'}"${stretch}>${xml(line.text)}</text>`;
}

interface Page {
  width: number;
  height: number;
  background: string;
  lines: TextLine[];
  /** Where the portrait goes (it is fitted to cover the box); none leaves a pale empty frame. */
  portraitBox: { left: number; top: number; width: number; height: number };
  portrait?: Buffer | null;
  extras?: sharp.OverlayOptions[];
}

/** A document face drawn with sharp: a tinted card, its printed text in DejaVu, the portrait, as a JPEG. */
async function renderPage(page: Page): Promise<Buffer> {
  const { width, height, portraitBox } = page;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="tint" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${page.background}"/><stop offset="1" stop-color="#f4f1e8"/></linearGradient></defs>
<rect width="${width}" height="${height}" rx="24" fill="url(#tint)"/>
<rect x="${portraitBox.left - 4}" y="${portraitBox.top - 4}" width="${portraitBox.width + 8}" height="${portraitBox.height + 8}" fill="#d9d9d9"/>
${page.lines.map(svgText).join('\n')}
</svg>`;
  const overlays: sharp.OverlayOptions[] = [...(page.extras ?? [])];
  if (page.portrait) {
    const portrait = await sharp(page.portrait).resize(portraitBox.width, portraitBox.height, { fit: 'cover', position: 'attention' }).toBuffer();
    overlays.push({ input: portrait, left: portraitBox.left, top: portraitBox.top });
  }
  return sharp(Buffer.from(svg)).composite(overlays).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}

const displayDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

export interface PassportFields extends MrzPerson {
  /** The holder's photo (a portrait, e.g. from portraitImages()); null or absent leaves the frame empty. */
  portrait?: Buffer | null;
  /** Replace the MRZ character at this index of the line that carries the check digits (TD3: line 2; TD1: line 1). */
  flipMrzChar?: number;
}

function mrzLinesOf(lines: string[], dataLine: number, flip: number | undefined): string[] {
  if (flip === undefined) return lines;
  return lines.map((line, index) => (index === dataLine ? flipCharacter(line, flip) : line));
}

/** A passport's data page (TD3, 125 × 88 mm at 10 px/mm): the visible fields, the portrait and the two-line MRZ. */
export async function makePassport(fields: PassportFields): Promise<Buffer> {
  const mrz = mrzLinesOf(td3Lines(fields), 1, fields.flipMrzChar);
  const label = (x: number, y: number, name: string, value: string): TextLine[] => [
    { x, y, text: name, size: 17, colour: '#52606d' },
    { x, y: y + 30, text: value, size: 26, bold: true }
  ];
  return renderPage({
    width: 1250,
    height: 880,
    background: '#dce8f2',
    portraitBox: { left: 50, top: 140, width: 320, height: 410 },
    portrait: fields.portrait,
    lines: [
      { x: 50, y: 70, text: 'PASSPORT · PASSEPORT', size: 34, bold: true, colour: '#1d3557' },
      { x: 760, y: 70, text: `Type P   Code ${fields.country}`, size: 24, colour: '#1d3557' },
      ...label(420, 150, 'Surname / Nom', fields.surname.toUpperCase()),
      ...label(420, 225, 'Given names / Prénoms', fields.givenNames.toUpperCase()),
      ...label(420, 300, 'Nationality / Nationalité', fields.nationality ?? fields.country),
      ...label(420, 375, 'Date of birth / Date de naissance', displayDate(fields.birth)),
      ...label(880, 375, 'Sex / Sexe', fields.sex),
      ...label(420, 450, 'Passport No. / N° du passeport', fields.number),
      ...label(420, 525, 'Date of expiry / Date d’expiration', displayDate(fields.expiry)),
      { x: 40, y: 760, text: mrz[0]!, size: 40, mono: true, width: 1170 },
      { x: 40, y: 830, text: mrz[1]!, size: 40, mono: true, width: 1170 }
    ]
  });
}

/** An identity card (TD1, 85.6 × 54 mm at 15 px/mm): the visible fields, the portrait and the three-line MRZ on one face. */
export async function makeIdCard(fields: PassportFields): Promise<Buffer> {
  const mrz = mrzLinesOf(td1Lines(fields), 0, fields.flipMrzChar);
  return renderPage({
    width: 1284,
    height: 810,
    background: '#e3f0e6',
    portraitBox: { left: 40, top: 100, width: 280, height: 350 },
    portrait: fields.portrait,
    lines: [
      { x: 40, y: 64, text: `IDENTITY CARD · ${fields.country}`, size: 34, bold: true, colour: '#1f4e3d' },
      { x: 360, y: 130, text: `${fields.surname.toUpperCase()}`, size: 30, bold: true },
      { x: 360, y: 180, text: `${fields.givenNames}`, size: 28 },
      { x: 360, y: 240, text: `Born ${displayDate(fields.birth)}   Sex ${fields.sex}`, size: 24 },
      { x: 360, y: 290, text: `No. ${fields.number}   Expires ${displayDate(fields.expiry)}`, size: 24 },
      { x: 40, y: 600, text: mrz[0]!, size: 44, mono: true, width: 1200 },
      { x: 40, y: 670, text: mrz[1]!, size: 44, mono: true, width: 1200 },
      { x: 40, y: 740, text: mrz[2]!, size: 44, mono: true, width: 1200 }
    ]
  });
}

export interface LicenceFields {
  surname: string;
  givenNames: string;
  middleName?: string;
  number: string;
  country: 'USA' | 'CAN';
  /** Two-letter state or province code (VA, ON, ...). */
  state?: string;
  /** YYYY-MM-DD. */
  birth: string;
  /** YYYY-MM-DD. */
  expiry: string;
  sex: 'M' | 'F' | 'X';
  portrait?: Buffer | null;
  /** 'ID' makes an identification card's subfile instead of a driving licence's. */
  subfile?: 'DL' | 'ID';
  /** The barcode's text instead of the AAMVA data (a barcode that is not a licence's). */
  barcodeText?: string;
}

/** The issuer identification number of a state or province (AAMVA), for the header. */
const IINS: Record<string, string> = { VA: '636000', CA: '636014', NY: '636001', ON: '636012', QC: '604428', BC: '636028' };

/**
 * AAMVA DL/ID card design data (version 09): the header, one subfile, the data elements. US dates are
 * MMDDYYYY, Canadian ones YYYYMMDD, as the standard says.
 */
export function aamvaData(fields: LicenceFields): string {
  const state = fields.state ?? (fields.country === 'USA' ? 'VA' : 'ON');
  const date = (iso: string) => (fields.country === 'USA' ? `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}` : iso.replace(/-/g, ''));
  const subfileType = fields.subfile ?? 'DL';
  const elements = [
    `DAQ${fields.number}`,
    `DCS${fields.surname.toUpperCase()}`,
    `DAC${fields.givenNames.toUpperCase()}`,
    `DAD${(fields.middleName ?? 'NONE').toUpperCase()}`,
    `DBD${date('2024-01-15')}`,
    `DBB${date(fields.birth)}`,
    `DBA${date(fields.expiry)}`,
    `DBC${fields.sex === 'M' ? '1' : fields.sex === 'F' ? '2' : '9'}`,
    'DAYBRO',
    'DAU070 IN',
    'DAG100 MAIN ST',
    `DAI${fields.country === 'USA' ? 'RICHMOND' : 'TORONTO'}`,
    `DAJ${state}`,
    `DAK${fields.country === 'USA' ? '232190000  ' : 'M5V2T6     '}`,
    'DCFDOC0000000001',
    `DCG${fields.country}`,
    'DDEN',
    'DDFN',
    'DDGN'
  ];
  const subfile = `${subfileType}${elements.join('\n')}\r`;
  const headerLength = 21 + 10; // compliance and separators, "ANSI ", IIN, version, jurisdiction version, count; one designator
  const header = `@\n\x1e\rANSI ${IINS[state] ?? '636000'}090001${subfileType}${String(headerLength).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}`;
  return header + subfile;
}

/** A US or Canadian licence (ID-1 at 15 px/mm): the portrait, the printed fields and the AAMVA PDF417 barcode. */
export async function makeDrivingLicence(fields: LicenceFields): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({ bcid: 'pdf417', text: fields.barcodeText ?? aamvaData(fields), scale: 2, height: 8, paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF' });
  const barcodeSize = await sharp(barcode).metadata();
  const left = Math.max(20, Math.round((1284 - (barcodeSize.width ?? 0)) / 2));
  const usDate = (iso: string) => (fields.country === 'USA' ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso.replace(/-/g, '/'));
  return renderPage({
    width: 1284,
    height: 810,
    background: '#f2e6d8',
    portraitBox: { left: 40, top: 110, width: 250, height: 310 },
    portrait: fields.portrait,
    lines: [
      { x: 40, y: 70, text: `${fields.country === 'USA' ? 'DRIVER LICENSE' : "DRIVER'S LICENCE"} · ${fields.state ?? (fields.country === 'USA' ? 'VA' : 'ON')}`, size: 34, bold: true, colour: '#7a3e00' },
      { x: 330, y: 140, text: `DL ${fields.number}`, size: 28, bold: true },
      { x: 330, y: 190, text: fields.surname.toUpperCase(), size: 28 },
      { x: 330, y: 235, text: [fields.givenNames, fields.middleName].filter(Boolean).join(' ').toUpperCase(), size: 26 },
      { x: 330, y: 290, text: `DOB ${usDate(fields.birth)}   EXP ${usDate(fields.expiry)}   SEX ${fields.sex}`, size: 24 }
    ],
    extras: [{ input: barcode, left, top: 810 - (barcodeSize.height ?? 0) - 40 }]
  });
}
