import sharp from 'sharp';
import { parse } from 'mrz';
import { ocrEngine } from './engines.mjs';

/** The machine-readable zone's shapes (ICAO 9303): lines × characters. */
const SHAPES = [
  { format: 'TD3', lines: 2, length: 44 },
  { format: 'TD2', lines: 2, length: 36 },
  { format: 'TD1', lines: 3, length: 30 }
];

/**
 * One OCR line as MRZ text: spaces removed (the OCR splits runs of fillers), and characters outside the
 * MRZ alphabet dropped (the whitelist keeps them rare).
 */
export function mrzLine(text) {
  return text.toUpperCase().replace(/\s+/g, '').replace(/[^A-Z0-9<]/g, '');
}

/**
 * A line brought to `length` when the OCR missed or added a few fillers: fillers at its end are trimmed,
 * a short line gets its longest run of fillers lengthened. Null when it is too far off to be this shape.
 */
export function fitLine(line, length) {
  if (line.length === length) return line;
  // A line ending in fillers (a name line) may have lost any number of them: they are only padding.
  if (line.length < length && line.endsWith('<<<')) return line + '<'.repeat(length - line.length);
  if (line.length > length) {
    const trimmed = line.replace(/<+$/, (run) => run.slice(0, Math.max(0, run.length - (line.length - length))));
    return trimmed.length === length ? trimmed : null;
  }
  const missing = length - line.length;
  if (missing > 3) return null;
  const runs = [...line.matchAll(/<+/g)];
  if (runs.length === 0) return null;
  const longest = runs.reduce((a, b) => (b[0].length > a[0].length ? b : a));
  const at = (longest.index ?? 0) + longest[0].length;
  return line.slice(0, at) + '<'.repeat(missing) + line.slice(at);
}

/**
 * The name line after its name: ICAO 9303 separates surname and given names with `<<` and words with `<`,
 * so from the first run of three fillers on, the line is all fillers. The OCR reads long filler runs
 * with the odd `L` or `K` in them (a short name leaves thirty fillers), which would keep the line from
 * fitting its length or put letters in the name.
 */
export function cleanNameLine(line) {
  const end = line.search(/<{3,}/);
  return end === -1 ? line : line.slice(0, end) + '<'.repeat(line.length - end);
}

/** Which line of each shape holds the name. */
const NAME_LINE = { TD3: 0, TD2: 0, TD1: 2 };

/** Every run of consecutive lines that fits one of the MRZ shapes, in reading order. */
export function mrzCandidates(lines) {
  const cleaned = lines.map(mrzLine).filter((line) => line.length >= 25);
  const candidates = [];
  for (const shape of SHAPES) {
    for (let start = 0; start + shape.lines <= cleaned.length; start++) {
      const fitted = cleaned.slice(start, start + shape.lines)
        .map((line, index) => (index === NAME_LINE[shape.format] ? cleanNameLine(line) : line))
        .map((line) => fitLine(line, shape.length));
      if (fitted.every((line) => line !== null)) candidates.push({ format: shape.format, lines: fitted });
    }
  }
  return candidates;
}

const CHECK_DIGIT = /CheckDigit$/;

/** A candidate parsed by `mrz`, every check digit checked; null when `mrz` cannot read it as its shape. */
export function readMrz(candidate) {
  let result;
  try {
    result = parse(candidate.lines, { autocorrect: true });
  } catch {
    return null;
  }
  if (result.format !== candidate.format) return null;
  const invalid = result.details.filter((detail) => !detail.valid);
  const checkDigitFailures = invalid.filter((detail) => CHECK_DIGIT.test(detail.field ?? '')).map((detail) => detail.field);
  const otherInvalid = invalid.filter((detail) => !CHECK_DIGIT.test(detail.field ?? '')).map((detail) => detail.field ?? detail.label);
  const checkDigits = result.details.filter((detail) => CHECK_DIGIT.test(detail.field ?? '')).length;
  const fields = result.fields;
  // The name field filled to its last character has no filler left: its last word may be cut short.
  const nameLine = candidate.format === 'TD1' ? candidate.lines[2] : candidate.lines[0];
  const nameTruncated = !nameLine.endsWith('<');
  return {
    source: 'MRZ',
    format: candidate.format,
    valid: result.valid,
    checkDigits,
    checkDigitFailures,
    otherInvalid,
    autocorrected: result.details.some((detail) => (detail.autocorrect ?? []).length > 0),
    fields: {
      documentCode: fields.documentCode ?? null,
      country: fields.issuingState ?? null,
      nationality: fields.nationality ?? null,
      lastName: fields.lastName ?? null,
      firstName: fields.firstName ?? null,
      documentNumber: result.documentNumber ?? fields.documentNumber ?? null,
      birthDate: fields.birthDate ?? null,
      expirationDate: fields.expirationDate ?? null
    },
    nameTruncated
  };
}

/** The better of two readings: a valid one, else the one with fewer invalid fields. */
function better(a, b) {
  if (!a) return b;
  if (!b) return a;
  const score = (r) => (r.valid ? 1000 : 0) - r.checkDigitFailures.length * 10 - r.otherInvalid.length;
  return score(b) > score(a) ? b : a;
}

/** OCR of one region of the (normalised, RGB) image, as text lines. */
async function ocrLines(image, region) {
  const { width, height } = image;
  let pipeline = sharp(image.data, { raw: { width, height, channels: 3 } });
  if (region) pipeline = pipeline.extract(region);
  const regionWidth = region ? region.width : width;
  // The LSTM reads characters best at 20-40 px high: a narrow photo is enlarged, a wide one left alone.
  if (regionWidth < 1200) pipeline = pipeline.resize({ width: 1200, kernel: 'lanczos3' });
  const png = await pipeline.greyscale().normalise().png({ compressionLevel: 1 }).toBuffer();
  const worker = await ocrEngine();
  const { data } = await worker.recognize(png);
  return data.text.split('\n');
}

/**
 * Finds and reads the MRZ: the lower part of the image first (where every ICAO document has it), then
 * the whole image. Returns the best reading, or null when no MRZ-shaped lines were found.
 */
export async function findMrz(image) {
  const top = Math.round(image.height * 0.55);
  const regions = [{ left: 0, top, width: image.width, height: image.height - top }, null];
  let best = null;
  for (const region of regions) {
    const lines = await ocrLines(image, region);
    for (const candidate of mrzCandidates(lines)) best = better(best, readMrz(candidate));
    if (best?.valid) return best;
  }
  return best;
}
