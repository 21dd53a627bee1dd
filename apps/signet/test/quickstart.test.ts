import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startContractProxy, type ContractProxy } from '@signet/testkit';
import { startMonolith, type Started } from './monolith';

const root = path.join(__dirname, '..', '..', '..');

/** The quickstart's bash blocks in order, less the one that starts Signet (the test starts it). */
function quickstartBlocks(): string[] {
  const markdown = readFileSync(path.join(root, 'docs', 'quickstart.md'), 'utf8');
  return [...markdown.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1] as string).filter((block) => !block.startsWith('# terminal 1'));
}

describe('docs/quickstart.md, run as written against a fresh npm start, every answer checked against the OpenAPI document', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-quickstart-'));
  // The shell's directory: the quickstart reads docs/ and writes what it downloads (PDFs, an NSS database) there.
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'signet-quickstart-shell-'));
  symlinkSync(path.join(root, 'docs'), path.join(workDir, 'docs'));
  // The embedded PostgreSQL may run as the `postgres` user (when started by root): let it reach its directory.
  chmodSync(dataDir, 0o755);
  let signet: Started;
  let proxy: ContractProxy;

  beforeAll(async () => {
    const port = await freePort();
    // curl talks to Signet through a proxy that checks every answer against the OpenAPI document; the
    // links Signet hands out (upload URL, signing link, downloads) point at the proxy too.
    proxy = await startContractProxy(`http://127.0.0.1:${port}`);
    signet = await startMonolith({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: proxy.url, EMBEDDED_POSTGRES_PORT: String(await freePort()) });
  }, 120_000);

  afterAll(async () => {
    signet?.child.kill('SIGTERM');
    await signet?.exited;
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  it('every step succeeds, in order, in one shell', async () => {
    const blocks = quickstartBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    // Each step reports itself, so a failure names the step; errexit and pipefail stop at the first failing command.
    const script = ['set -eo pipefail', ...blocks.map((block, index) => `echo "== step ${index + 1}"\n${block}`), 'echo "== done"'].join('\n');
    // Asynchronously: the proxy curl talks to answers from this process.
    const run = await new Promise<{ status: number | null; output: string }>((resolve) => {
      execFile('bash', ['-c', script], {
        cwd: workDir, encoding: 'utf8', timeout: 240_000,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', SIGNET: proxy.url, DATA_DIR: dataDir }
      }, (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}\n${stderr}` }));
    });
    const { output } = run;
    expect(run).toEqual({ status: 0, output: expect.stringContaining('== done') });
    expect(output).toMatch(/^CREATED$/m);
    // Status lines read by `json` end their line; raw JSON answers do not.
    expect(output).toMatch(/COMPLETED$/m);
    expect(output).toMatch(/"verified_at"/);
    expect(output).toMatch(/^READY$/m);
    expect(output).toMatch(/%PDF-/);
    // The signed PDF, checked by poppler with the development CA trusted as the quickstart says.
    expect(output).toMatch(/Signature Validation: Signature is Valid\./);
    expect(output).toMatch(/Certificate Validation: Certificate is Trusted\./);
    const signed = readFileSync(path.join(workDir, 'signed-contract.pdf'));
    expect(output).toMatch(new RegExp(`^${signed.length}$`, 'm'));
    expect(proxy.problems).toEqual([]);
  }, 300_000);
});
