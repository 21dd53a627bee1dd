import { benchEnvelopes } from './envelopes.bench';
import { benchEvidence } from './evidence.bench';
import { round } from './measure';
import { benchMicroservices } from './microservices.bench';
import { benchSearch } from './search.bench';
import { benchSignerPage } from './signer-page.bench';
import { benchSealing } from './sealing.bench';
import { benchUploads } from './uploads.bench';
import { benchWebhooks } from './webhooks.bench';

const BENCHES = {
  envelopes: benchEnvelopes, uploads: benchUploads, webhooks: benchWebhooks, evidence: benchEvidence, microservices: benchMicroservices, signer_page: benchSignerPage, sealing: benchSealing, search: benchSearch
};

type Results = { [Name in keyof typeof BENCHES]?: Awaited<ReturnType<(typeof BENCHES)[Name]>> };

const ratio = (value: number | null | undefined, baseline: number | null | undefined) => (value && baseline ? round(value / baseline, 3) : null);

/** Signet's throughput over its baseline's, and B-LTA sealing time over B-B's, for the benches that ran. */
function ratiosOf(results: Results) {
  return {
    get_vs_bare: ratio(results.envelopes?.envelope_get.per_second, results.envelopes?.bare_express_pg_get.per_second),
    create_vs_bare: ratio(results.envelopes?.envelope_create.per_second, results.envelopes?.bare_multer_insert_create.per_second),
    upload_vs_bare: ratio(results.uploads?.through_gateway_mb_per_s, results.uploads?.bare_put_to_disk_mb_per_s),
    seal_b_lta_vs_b_b_1_page: results.sealing?.pages_1.ratios.b_lta_vs_b_b ?? null,
    seal_b_lta_vs_b_b_300_pages: results.sealing?.pages_300.ratios.b_lta_vs_b_b ?? null
  };
}

/**
 * `npm run bench`: the figures the issues name, each beside its baseline, as one JSON document on stdout.
 * `-- --only=search,webhooks` runs some of them; `-- --skip=search` leaves some out (search generates
 * 1,000,000 envelopes first).
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
  process.stdout.write(`${JSON.stringify({ measured_at: new Date().toISOString(), ratios: ratiosOf(results), ...results }, null, 2)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
