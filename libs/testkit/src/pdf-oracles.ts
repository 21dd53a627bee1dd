import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';

/**
 * Checks of signed PDFs by tools Signet did not write: OpenSSL and poppler's pdfsig (with an NSS trust
 * store made by certutil). The signatures are found in the raw bytes and the CMS walked with asn1js,
 * never with Signet's own verifier or writer. This installs those tools where missing; jest's global setup
 * runs it before any test file.
 */
export function ensurePkiTools(): void {
  execFileSync(path.join(__dirname, '..', '..', '..', 'infra', 'pki-tools', 'ensure-pki-tools.sh'), { stdio: 'inherit' });
}

export interface PdfSignature {
  /** The /SubFilter of the signature dictionary, e.g. ETSI.CAdES.detached or ETSI.RFC3161. */
  subFilter: string;
  byteRange: [number, number, number, number];
  cms: Buffer;
  /** The bytes the signature covers: the file up to the /Contents hole and after it. */
  signedContent: Buffer;
}

/** Every signature of the file, in file order, read from its /ByteRange and /Contents. */
export function pdfSignatures(pdf: Uint8Array): PdfSignature[] {
  const file = Buffer.from(pdf);
  const text = file.toString('latin1');
  const found: PdfSignature[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const byteRange = match.slice(1).map(Number) as [number, number, number, number];
    const [start, holeStart, holeEnd, tail] = byteRange;
    const hex = text.slice(holeStart + 1, holeEnd - 1);
    const dictionaryStart = text.lastIndexOf('<<', Math.min(match.index ?? 0, holeStart));
    const dictionary = text.slice(dictionaryStart, text.indexOf('>>', holeEnd));
    const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(dictionary)?.[1] ?? '';
    found.push({
      subFilter,
      byteRange,
      cms: derPrefix(Buffer.from(hex, 'hex')),
      signedContent: Buffer.concat([file.subarray(start, holeStart), file.subarray(holeEnd, holeEnd + tail)])
    });
  }
  return found;
}

/** The signature-time-stamp token (unsigned attribute 1.2.840.113549.1.9.16.2.14) of a CMS, and the signature value it covers. */
export function signatureTimestamp(cms: Buffer): { token: Buffer; signatureValue: Buffer } | null {
  const signerInfo = firstSignerInfo(cms);
  const signatureValue = signerInfo.find((node) => node instanceof asn1js.OctetString) as asn1js.OctetString;
  const unsigned = signerInfo.find((node) => node.idBlock.tagClass === 3 && node.idBlock.tagNumber === 1) as asn1js.Constructed | undefined;
  for (const attribute of unsigned?.valueBlock.value ?? []) {
    const [type, values] = (attribute as asn1js.Sequence).valueBlock.value as [asn1js.ObjectIdentifier, asn1js.Set];
    if (type.valueBlock.toString() === '1.2.840.113549.1.9.16.2.14') {
      return { token: Buffer.from(values.valueBlock.value[0]!.toBER(false)), signatureValue: Buffer.from(signatureValue.valueBlock.valueHexView) };
    }
  }
  return null;
}

export interface ToolResult {
  ok: boolean;
  output: string;
}

/** `openssl cms -verify` of a detached CMS over `content`, with `caPem` as the only trust anchor. */
export function opensslVerifyCms(cms: Buffer, content: Buffer, caPem: string): ToolResult {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'sig.der'), cms);
    writeFileSync(path.join(dir, 'content.bin'), content);
    writeFileSync(path.join(dir, 'ca.pem'), caPem);
    return run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'sig.der', '-content', 'content.bin', '-CAfile', 'ca.pem', '-purpose', 'any', '-out', '/dev/null'], dir);
  });
}

/** `openssl ts -verify` of a timestamp token over `data`, the TSA chain ending at `caPem`. */
export function opensslVerifyTimestamp(token: Buffer, data: Buffer, caPem: string): ToolResult {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'token.der'), token);
    writeFileSync(path.join(dir, 'data.bin'), data);
    writeFileSync(path.join(dir, 'ca.pem'), caPem);
    return run('openssl', ['ts', '-verify', '-in', 'token.der', '-token_in', '-data', 'data.bin', '-CAfile', 'ca.pem'], dir);
  });
}

/**
 * poppler's pdfsig on the file, with `caPem` trusted in a fresh NSS database: its report and its
 * complaints (stdout, then stderr). The certificates name no OCSP responder, so nothing is asked of the
 * network; with -no-ocsp, poppler 22 no longer trusts the issuer.
 */
export function pdfsig(pdf: Uint8Array, caPem: string): string {
  const { stdout, stderr } = runPdfsig(pdf, caPem);
  return `${stdout}${stderr}`;
}

/** One signature of pdfsig's report: its `  - Name: value` lines by name, and every line as printed. */
export interface PdfsigSignature {
  fields: Record<string, string>;
  lines: string[];
}

/**
 * pdfsig's report, one entry per signature in file order. pdfsig prints times in the local time zone:
 * it runs with TZ=UTC, so `Signing Time` reads as UTC (see `pdfsigTime`).
 */
export function pdfsigSignatures(pdf: Uint8Array, caPem: string): PdfsigSignature[] {
  const blocks = runPdfsig(pdf, caPem).stdout.split(/^Signature #\d+:$/m).slice(1);
  return blocks.map((block) => {
    const lines = block.split('\n').map((line) => /^\s+- (.*)$/.exec(line)?.[1]).filter((line): line is string => line !== undefined);
    const fields: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(': ');
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 2);
    }
    return { fields, lines };
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time as pdfsig (with TZ=UTC) prints it: `Nov 24 2026 18:56:32`. */
export function pdfsigTime(time: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${MONTHS[time.getUTCMonth()]} ${two(time.getUTCDate())} ${time.getUTCFullYear()} ${two(time.getUTCHours())}:${two(time.getUTCMinutes())}:${two(time.getUTCSeconds())}`;
}

/** The genTime of a timestamp token, as `openssl ts -reply -token_in -text` prints it. */
export function opensslTimestampTime(token: Buffer): Date {
  const printed = inTempDir((dir) => {
    writeFileSync(path.join(dir, 'token.der'), token);
    return run('openssl', ['ts', '-reply', '-in', 'token.der', '-token_in', '-text'], dir).output;
  });
  const match = /^Time stamp: (\w{3}) +(\d+) (\d\d):(\d\d):(\d\d)(?:\.\d+)? (\d{4}) GMT$/m.exec(printed);
  if (!match) throw new Error(`openssl printed no time stamp:\n${printed}`);
  const [, month, day, hours, minutes, seconds, year] = match;
  return new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), Number(hours), Number(minutes), Number(seconds)));
}

/** `caPem` may hold several roots (the seal's and the signer CA's): each becomes a trust anchor of its own. */
function runPdfsig(pdf: Uint8Array, caPem: string): { stdout: string; stderr: string } {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
    const roots = caPem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [caPem];
    for (const [index, root] of roots.entries()) {
      writeFileSync(path.join(dir, `ca-${index}.pem`), `${root}\n`);
      execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', `signet-test-anchor-${index}`, '-t', 'CT,C,C', '-i', path.join(dir, `ca-${index}.pem`)]);
    }
    const result = spawnSync('pdfsig', ['-nssdir', `sql:${dir}`, 'file.pdf'], { cwd: dir, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
    return { stdout: result.stdout, stderr: result.stderr };
  });
}

/** `openssl crl -verify`: the CRL is signed by the CA of `caPem`; the output shows its dates. */
export function opensslVerifyCrl(crl: Buffer, caPem: string): ToolResult {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'crl.der'), crl);
    writeFileSync(path.join(dir, 'ca.pem'), caPem);
    const result = run('openssl', ['crl', '-inform', 'DER', '-in', 'crl.der', '-CAfile', 'ca.pem', '-noout', '-lastupdate', '-nextupdate'], dir);
    return { ok: result.ok && result.output.includes('verify OK'), output: result.output };
  });
}

/** poppler's pdftotext of the whole file, as UTF-8. */
export function pdftotext(pdf: Uint8Array): string {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', 'file.pdf', '-'], { cwd: dir }).toString('utf8');
  });
}

function firstSignerInfo(cms: Buffer): asn1js.AsnType[] {
  const contentInfo = asn1js.fromBER(cms).result as asn1js.Sequence;
  const explicit = contentInfo.valueBlock.value[1] as asn1js.Constructed;
  const signedData = (explicit.valueBlock.value[0] as asn1js.Sequence).valueBlock.value;
  const signerInfos = signedData[signedData.length - 1] as asn1js.Set;
  return (signerInfos.valueBlock.value[0] as asn1js.Sequence).valueBlock.value;
}

/** The DER element at the start of a zero-padded /Contents. */
function derPrefix(padded: Buffer): Buffer {
  const parsed = asn1js.fromBER(padded);
  return padded.subarray(0, parsed.offset);
}

function run(command: string, args: string[], cwd: string): ToolResult {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

function inTempDir<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-oracle-'));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
