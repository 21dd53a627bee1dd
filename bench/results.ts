import type { benchCpuPerRequest } from './cpu-per-request.bench';
import type { benchEnvelopes } from './envelopes.bench';
import type { benchEvidence } from './evidence.bench';
import type { benchIdentity } from './identity.bench';
import { round } from './measure';
import type { benchMicroservices } from './microservices.bench';
import type { benchSealing } from './sealing.bench';
import type { benchSearch } from './search.bench';
import type { benchSignatureLevels } from './signature-levels.bench';
import type { benchSignerPage } from './signer-page.bench';
import type { benchUploads } from './uploads.bench';
import type { benchWebhooks } from './webhooks.bench';

/** What each bench that ran returned, by name. */
export interface Results {
  envelopes?: Awaited<ReturnType<typeof benchEnvelopes>>;
  cpu_per_request?: Awaited<ReturnType<typeof benchCpuPerRequest>>;
  uploads?: Awaited<ReturnType<typeof benchUploads>>;
  webhooks?: Awaited<ReturnType<typeof benchWebhooks>>;
  evidence?: Awaited<ReturnType<typeof benchEvidence>>;
  microservices?: Awaited<ReturnType<typeof benchMicroservices>>;
  signer_page?: Awaited<ReturnType<typeof benchSignerPage>>;
  sealing?: Awaited<ReturnType<typeof benchSealing>>;
  search?: Awaited<ReturnType<typeof benchSearch>>;
  identity?: Awaited<ReturnType<typeof benchIdentity>>;
  signature_levels?: Awaited<ReturnType<typeof benchSignatureLevels>>;
}

/** The JSON document `npm run bench` prints. */
export type BenchDocument = { measured_at: string; ratios: ReturnType<typeof ratiosOf> } & Results;

const ratio = (value: number | null | undefined, baseline: number | null | undefined) => (value && baseline ? round(value / baseline, 3) : null);

/**
 * Signet's throughput over its baseline's, B-LTA sealing time over B-B's, and a signing at level advanced
 * over one at level seal (p50 latency and CPU time), for the benches that ran.
 */
export function ratiosOf(results: Results) {
  return {
    get_vs_bare: ratio(results.envelopes?.envelope_get.per_second, results.envelopes?.bare_express_pg_get.per_second),
    create_vs_bare: ratio(results.envelopes?.envelope_create.per_second, results.envelopes?.bare_multer_insert_create.per_second),
    cpu_get_vs_bare: results.cpu_per_request?.ratios.get.median ?? null,
    cpu_create_vs_bare: results.cpu_per_request?.ratios.create.median ?? null,
    upload_vs_bare: ratio(results.uploads?.through_gateway_mb_per_s, results.uploads?.bare_put_to_disk_mb_per_s),
    seal_b_lta_vs_b_b_1_page: results.sealing?.pages_1.ratios.b_lta_vs_b_b ?? null,
    seal_b_lta_vs_b_b_300_pages: results.sealing?.pages_300.ratios.b_lta_vs_b_b ?? null,
    sign_advanced_vs_seal: results.signature_levels?.ratios.sign_p50_advanced_vs_seal ?? null,
    sign_cpu_advanced_vs_seal: results.signature_levels?.ratios.sign_cpu_advanced_vs_seal ?? null
  };
}
