import { benchEnvelopes } from './envelopes.bench';
import { benchEvidence } from './evidence.bench';
import { benchSealing } from './sealing.bench';
import { benchUploads } from './uploads.bench';
import { benchWebhooks } from './webhooks.bench';

/** `npm run bench`: the figures the issues name, as one JSON document on stdout. */
async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const results = { measured_at: new Date().toISOString(), envelopes: await benchEnvelopes(), uploads: await benchUploads(), webhooks: await benchWebhooks(), evidence: await benchEvidence(), sealing: await benchSealing() };
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
