import { benchEnvelopes } from './envelopes.bench';
import { benchEvidence } from './evidence.bench';
import { benchSearch } from './search.bench';
import { benchUploads } from './uploads.bench';
import { benchWebhooks } from './webhooks.bench';

const BENCHES: Record<string, () => Promise<unknown>> = {
  envelopes: benchEnvelopes, uploads: benchUploads, webhooks: benchWebhooks, evidence: benchEvidence, search: benchSearch
};

/**
 * `npm run bench`: the figures the issues name, as one JSON document on stdout. `-- --only=search,webhooks`
 * runs some of them; `-- --skip=search` leaves some out (search generates 1,000,000 envelopes first).
 */
async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3).split(',');
  const only = option('only');
  const skip = option('skip') ?? [];
  const results: Record<string, unknown> = { measured_at: new Date().toISOString() };
  for (const [name, bench] of Object.entries(BENCHES)) {
    if ((only && !only.includes(name)) || skip.includes(name)) continue;
    results[name] = await bench();
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
