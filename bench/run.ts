import { benchEnvelopes } from './envelopes.bench';
import { benchEvidence } from './evidence.bench';
import { round } from './measure';
import { benchMicroservices } from './microservices.bench';
import { benchUploads } from './uploads.bench';
import { benchWebhooks } from './webhooks.bench';

const ratio = (value: number | null, baseline: number | null) => (value && baseline ? round(value / baseline, 3) : null);

/** `npm run bench`: the figures the issues name, as one JSON document on stdout, each beside its baseline. */
async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const envelopes = await benchEnvelopes();
  const uploads = await benchUploads();
  const webhooks = await benchWebhooks();
  const evidence = await benchEvidence();
  const microservices = await benchMicroservices();
  const results = {
    measured_at: new Date().toISOString(),
    ratios: {
      get_vs_bare: ratio(envelopes.envelope_get.per_second, envelopes.bare_express_pg_get.per_second),
      create_vs_bare: ratio(envelopes.envelope_create.per_second, envelopes.bare_multer_insert_create.per_second),
      upload_vs_bare: ratio(uploads.through_gateway_mb_per_s, uploads.bare_put_to_disk_mb_per_s)
    },
    envelopes,
    uploads,
    webhooks,
    evidence,
    microservices
  };
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
