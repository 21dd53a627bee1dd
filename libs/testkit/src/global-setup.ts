import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensurePkiTools } from './pdf-oracles';
import { postgresForTests, TEST_POSTGRES_ENV } from './postgres-server';

/**
 * The Debian tools tests check Signet's artifacts with (OpenSSL, poppler, NSS, SoftHSM2, Chromium and its
 * fonts, and ffmpeg, which makes the videos Chromium's fake camera plays), installed where missing before
 * any test file starts. A file that found one missing mid-run
 * failed (pdftotext not found) or waited for apt-get with its event loop blocked, and with it the Signet
 * it was testing.
 */
function ensureTools(): void {
  const browserTool = (script: string) => () => execFileSync(path.join(__dirname, '..', '..', '..', 'infra', 'browser', script), { stdio: 'inherit' });
  for (const ensure of [ensurePkiTools, browserTool('ensure-chromium.sh'), browserTool('ensure-ffmpeg.sh')]) {
    try {
      ensure();
    } catch {
      // The script said on stderr what is missing; only the tests that need it fail.
    }
  }
}

/**
 * The integration tests' PostgreSQL: DATABASE_URL's server, else an embedded one started for this run
 * (stopped when jest exits), never whatever else answers on this machine. And the tools above.
 */
export default async function globalSetup(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  ensureTools();
  const server = await postgresForTests(process.env);
  process.env[TEST_POSTGRES_ENV] = server.url;
}
