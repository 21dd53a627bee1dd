import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAPTURED_EXAMPLES_FILE } from '@signet/contracts';
import { freePort, startStripeIdentityStandIn } from '@signet/testkit';
import { startSignet } from '../src';
import { AVAILABLE_PARTS } from '../src/registry';
import { captureExamples } from './examples/capture-examples';

const root = path.join(__dirname, '..', '..', '..');

/**
 * `npm run docs:examples`: starts a fresh Signet as `npm start` does (embedded PostgreSQL in a temporary
 * data directory, its development key), performs every documented operation, and writes what was sent
 * and answered to libs/contracts/src/openapi/captured-examples.json, the document's examples.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-examples-'));
  // The embedded PostgreSQL may run as the `postgres` user (when started by root): let it reach its directory.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let clockOffsetMs = 0;
  // Stripe signs its webhooks at Signet's time, which the capture moves forward.
  const stripe = await startStripeIdentityStandIn({ now: () => Date.now() + clockOffsetMs });
  process.stdout.write(`Capturing examples from a fresh Signet at ${baseUrl} (data in ${dataDir})\n`);
  const signet = await startSignet({
    parts: AVAILABLE_PARTS,
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: {
      DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: baseUrl, EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', WEBHOOK_ALLOW_LOOPBACK: 'true',
      STRIPE_IDENTITY_SECRET_KEY: stripe.secretKey, STRIPE_IDENTITY_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url
    }
  });
  try {
    const examples = await captureExamples({
      baseUrl, apiKey: signet.developmentKey as string, pdf: readFileSync(path.join(root, 'docs', 'sample-contract.pdf')), stripe,
      // As the test clock moves: queued jobs come that much closer, then what came due runs.
      advanceClock: async (ms) => {
        await signet.jobs.clockMovedBy(ms);
        clockOffsetMs += ms;
        await signet.jobs.runDue();
      }
    });
    writeFileSync(CAPTURED_EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
    process.stdout.write(`wrote ${path.relative(process.cwd(), CAPTURED_EXAMPLES_FILE)}: ${Object.keys(examples.operations).length} operations, ${Object.keys(examples.events).length} events\n`);
  } finally {
    await signet.stop();
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`Capturing the examples failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  }
);
