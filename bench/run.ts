import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderBenchmarksDoc } from './benchmarks-doc';
import { benchCpuPerRequest } from './cpu-per-request.bench';
import { benchEnvelopes } from './envelopes.bench';
import { benchEvidence } from './evidence.bench';
import { benchIdentity } from './identity.bench';
import { benchMicroservices } from './microservices.bench';
import { benchSearch } from './search.bench';
import { benchSignerPage } from './signer-page.bench';
import { benchSealing } from './sealing.bench';
import { benchSignatureLevels } from './signature-levels.bench';
import { benchUploads } from './uploads.bench';
import { benchWebhooks } from './webhooks.bench';
import { ratiosOf, type BenchDocument, type Results } from './results';

const BENCHES = {
  envelopes: benchEnvelopes, cpu_per_request: benchCpuPerRequest, uploads: benchUploads, webhooks: benchWebhooks, evidence: benchEvidence, microservices: benchMicroservices, signer_page: benchSignerPage, sealing: benchSealing,
  signature_levels: benchSignatureLevels, search: benchSearch, identity: benchIdentity
};

/**
 * `npm run bench`: the figures the issues name, each beside its baseline, as one JSON document on stdout,
 * and docs/benchmarks.md rewritten as that run's table. `-- --only=search,webhooks` runs some of them;
 * `-- --skip=search` leaves some out (search generates 1,000,000 envelopes first); `-- --no-doc` leaves
 * docs/benchmarks.md as it is.
 */
async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3).split(',');
  const only = option('only');
  const skip = option('skip') ?? [];
  const results: Results = {};
  for (const [name, bench] of Object.entries(BENCHES)) {
    if ((only && !only.includes(name)) || skip.includes(name)) continue;
    (results as Record<string, unknown>)[name] = await bench();
  }
  const document: BenchDocument = { measured_at: new Date().toISOString(), ratios: ratiosOf(results), ...results };
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  if (!process.argv.includes('--no-doc')) {
    const args = process.argv.slice(2);
    const command = args.length > 0 ? `npm run bench -- ${args.join(' ')}` : 'npm run bench';
    writeFileSync(path.join(__dirname, '..', 'docs', 'benchmarks.md'), renderBenchmarksDoc(document, command));
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
