import { parse } from 'aamva-parser';
import { barcodeEngine } from './engines.mjs';

/**
 * The AAMVA header: '@', line feed, record separator, carriage return, then "ANSI " (or "AAMVA" on some
 * early cards), the issuer's 6-digit IIN, the version, and the subfile designators (DL, ID).
 */
const HEADER = /^@\n?\x1e\r?(ANSI |AAMVA)(\d{6})(\d{2})/;

/**
 * A date element (DBA expiry, DBB birth) as YYYY-MM-DD, read here rather than by aamva-parser 1.7.0,
 * which reads every date as MMDDYYYY (Canadian cards write CCYYMMDD: 20310530 came back as the year 531)
 * and builds it in the server's local time zone (a day off west of UTC once written as an ISO date).
 * AAMVA: US issuers write MMDDCCYY, Canadian ones CCYYMMDD. An impossible date is null.
 */
export function aamvaDate(text, element, country) {
  const match = new RegExp(`(?:^|[\\n\\r]|DL|ID)${element}(\\d{8})`).exec(text);
  if (!match || (country !== 'USA' && country !== 'CAN')) return null;
  const digits = match[1];
  const [year, month, day] = country === 'CAN' ? [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)] : [digits.slice(4, 8), digits.slice(0, 2), digits.slice(2, 4)];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The subfile type the data declares (DL or ID), from the header's first designator. */
function subfileType(text) {
  const designators = text.slice(0, 60).match(/(DL|ID)\d{8}/);
  return designators ? designators[1] : null;
}

/** A reading of AAMVA data, with what makes it unusable (empty when it is usable). */
export function readAamva(text) {
  const problems = [];
  const header = HEADER.exec(text);
  if (!header) problems.push('no AAMVA header');
  let parsed = null;
  try {
    parsed = parse(text);
  } catch {
    problems.push('aamva-parser could not parse the data');
  }
  const country = parsed?.countryCode === 'USA' || parsed?.countryCode === 'CAN' ? parsed.countryCode : parsed?.country === 'United States' ? 'USA' : parsed?.country === 'Canada' ? 'CAN' : null;
  const fields = {
    subfile: subfileType(text),
    country,
    lastName: parsed?.lastName ?? null,
    firstName: parsed?.firstName ?? null,
    middleName: parsed?.middleName ?? null,
    documentNumber: parsed?.driversLicenseId ?? null,
    expirationDate: aamvaDate(text, 'DBA', country),
    birthDate: aamvaDate(text, 'DBB', country)
  };
  if (parsed) {
    if (!fields.country) problems.push('no issuing country (DCG)');
    if (!fields.lastName) problems.push('no family name (DCS)');
    if (!fields.documentNumber) problems.push('no licence number (DAQ)');
    if (!fields.expirationDate) problems.push('no expiry date (DBA)');
  }
  const truncated = ['lastNameTruncation', 'firstNameTruncation', 'middleNameTruncation'].some((key) => parsed?.[key] === 'Truncated');
  return { source: 'PDF417', valid: problems.length === 0, problems, version: header?.[3] ?? null, fields, nameTruncated: truncated };
}

/** Reads the first PDF417 barcode of the image (RGB): its AAMVA reading, or null when there is none. */
export async function findPdf417(image) {
  const zxing = await barcodeEngine();
  const { width, height, data } = image;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let source = 0, target = 0; source < data.length; source += 3, target += 4) {
    rgba[target] = data[source];
    rgba[target + 1] = data[source + 1];
    rgba[target + 2] = data[source + 2];
    rgba[target + 3] = 255;
  }
  const results = await zxing.readBarcodes({ data: rgba, width, height, colorSpace: 'srgb' }, { formats: ['PDF417'], textMode: 'Plain', tryHarder: true, maxNumberOfSymbols: 1 });
  const found = results.find((result) => result.isValid && result.format === 'PDF417');
  return found ? readAamva(found.text) : null;
}
