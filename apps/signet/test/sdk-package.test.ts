import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { samplePdf } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';

const run = promisify(execFile);
const REPOSITORY = path.resolve(__dirname, '..', '..', '..');
const SDK = path.join(REPOSITORY, 'libs', 'sdk');
const FIXTURES = path.join(__dirname, 'sdk-package');

type LockEntry = { version: string; dependencies?: Record<string, string> } & Record<string, unknown>;

/**
 * An empty project that depends on the tarball, with a lockfile pinning the SDK's runtime dependencies to
 * the versions (and integrity hashes) of the repository's lockfile: `npm ci --offline` then takes them from
 * npm's cache, which the repository's `npm ci` filled, and needs no registry.
 */
function writeProjectFor(project: string, tarball: string): void {
  const lock = JSON.parse(readFileSync(path.join(REPOSITORY, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const sdk = JSON.parse(readFileSync(path.join(SDK, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
  const packages: Record<string, unknown> = {
    '': { name: 'first-hour', version: '1.0.0', dependencies: { '@signet/sdk': `file:${tarball}` } },
    'node_modules/@signet/sdk': { version: sdk.version, resolved: `file:${tarball}`, dependencies: sdk.dependencies }
  };
  const pending = Object.keys(sdk.dependencies);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const entry = lock.packages[`libs/sdk/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
    if (!entry) throw new Error(`${name} is not in package-lock.json`);
    if (packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = entry;
    pending.push(...Object.keys(entry.dependencies ?? {}));
  }
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'first-hour', version: '1.0.0', private: true, dependencies: { '@signet/sdk': `file:${tarball}` } }));
  writeFileSync(path.join(project, 'package-lock.json'), JSON.stringify({ name: 'first-hour', version: '1.0.0', lockfileVersion: 3, requires: true, packages }));
}

/**
 * The SDK as an integrator gets it: `npm pack`, installed into an empty project outside the repository
 * (its dependencies from npm's cache, which `npm ci` filled: no network), used from plain Node scripts,
 * ESM and CommonJS, and type-checked by tsc against the package's own declarations.
 */
describe('the SDK package, installed from its tarball', () => {
  let api: TestSignet;
  let project: string;

  beforeAll(async () => {
    project = mkdtempSync(path.join(os.tmpdir(), 'signet-sdk-'));
    const [signet] = await Promise.all([
      startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' }),
      (async () => {
        await run('npm', ['pack', '--pack-destination', project, '--silent'], { cwd: SDK });
        const tarball = readdirSync(project).find((name) => name.endsWith('.tgz')) as string;
        writeProjectFor(project, tarball);
        await run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project });
      })()
    ]);
    api = signet;
    for (const file of ['first-hour.mjs', 'first-hour.cjs', 'typed.ts']) copyFileSync(path.join(FIXTURES, file), path.join(project, file));
    writeFileSync(path.join(project, 'contract.pdf'), await samplePdf({ text: 'Agreed by the signer below.' }));
  }, 240_000);

  afterAll(async () => {
    await api?.close();
    rmSync(project, { recursive: true, force: true });
  });

  it('holds the built files and the README, no sources or tests, and carries the API version', () => {
    const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules', '@signet', 'sdk', 'package.json'), 'utf8'));
    const files = readdirSync(path.join(project, 'node_modules', '@signet', 'sdk'), { recursive: true }).map(String).sort();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'package.json', 'dist/index.js', 'dist/index.mjs', 'dist/types/index.d.ts']));
    expect(files.filter((file) => !/^(README\.md|package\.json|dist(\/.*)?)$/.test(file) || /\.test\./.test(file))).toEqual([]);
    expect(manifest.private).toBeUndefined();
    const openapi = JSON.parse(readFileSync(path.join(REPOSITORY, 'docs', 'openapi.json'), 'utf8'));
    expect(manifest.version).toBe(openapi.info.version);
  });

  it.each(['first-hour.mjs', 'first-hour.cjs'])('runs %s with plain node: signs, downloads, verifies a delivery with the rotated secret', async (script) => {
    const { stdout } = await run(process.execPath, [script], {
      cwd: project, timeout: 90_000, env: { ...process.env, SIGNET_URL: api.url, SIGNET_KEY: KEYS.globex, PDF_PATH: path.join(project, 'contract.pdf'), OUT_DIR: project }
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) as string);
    expect(result).toMatchObject({ status: 'SUCCESS', verified_event: 'envelope.success', verified_id: result.envelope_id });
    // The signed document reports the signed file's size, which is what was downloaded.
    expect(result.signed_file_size).toBe(result.signed_bytes);
    if (script.endsWith('.cjs')) expect(result.old_link).toBe(404);
    const prefix = script.endsWith('.mjs') ? 'esm' : 'cjs';
    for (const file of [`${prefix}-signed.pdf`, `${prefix}-evidence.pdf`]) {
      expect(readFileSync(path.join(project, file)).subarray(0, 5).toString()).toBe('%PDF-');
      const { stdout: info } = await run('pdfinfo', [path.join(project, file)]);
      expect(info).toMatch(/^Pages:\s+[1-9]/m);
    }
  }, 120_000);

  it('type-checks a TypeScript file against the package\'s declarations with tsc --noEmit', async () => {
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'node16', moduleResolution: 'node16', target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], skipLibCheck: false },
      files: ['typed.ts']
    }));
    const tsc = path.join(REPOSITORY, 'node_modules', 'typescript', 'bin', 'tsc');
    await expect(run(process.execPath, [tsc, '-p', project], { cwd: project })).resolves.toBeDefined();
  }, 120_000);
});
