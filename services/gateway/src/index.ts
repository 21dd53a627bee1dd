import { fileDownloadHandler } from '@signet/blob';
import { runHealthChecks } from '@signet/http';
import { mailSinkRoutes } from '@signet/mail';
import type { ServiceDeps, SignetService } from '@signet/service';
import { apiKeyRepository } from './api-keys/api-key-repository';
import { ensureBootstrapKeys } from './api-keys/ensure-bootstrap-keys';
import { createGatewayApp } from './create-gateway-app';
import { envelopeCreationBucket } from './rate-limit/plan-limits';
import { publicRateLimit } from './rate-limit/public-rate-limit';
import { rateLimit } from './rate-limit/rate-limit-middleware';
import { rateLimiter } from './rate-limit/rate-limiter';

export { gatewayMigrations } from '../migrations';
export { runKeysCli } from './cli/keys-cli';
export { apiKeyRepository as apiKeyRepositoryFor } from './api-keys/api-key-repository';

const COUNTER_RETENTION_MS = 2 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/** The only public entry: API-key auth, request ids, plan rate limits, and the route table to services. */
export function createGatewayService(deps: ServiceDeps): SignetService {
  const keys = apiKeyRepository(deps.db);
  const limiter = rateLimiter(deps.db);
  const buckets = { 'envelope.create': envelopeCreationBucket(deps.config) };
  let pruneTimer: NodeJS.Timeout | null = null;

  const healthcheck = () => runHealthChecks({ database: async () => { await deps.db.raw('SELECT 1'); } });

  const app = createGatewayApp({
    keys,
    log: deps.log,
    internalSecret: deps.internalSecret,
    serviceUrl: deps.serviceUrl,
    healthcheck,
    rateLimitFor: (name) => rateLimit(limiter, buckets[name], deps.clock),
    publicRateLimit: publicRateLimit(deps.config.publicRateLimitPerMinute, deps.clock),
    trustProxy: deps.config.trustProxy,
    files: deps.config.s3 ? null : fileDownloadHandler(deps.blobs, deps.internalSecret, deps.clock),
    mailSink: deps.mailSink ? mailSinkRoutes(deps.mailSink) : null,
    publicBaseUrl: deps.config.publicBaseUrl
  });

  return {
    name: 'gateway',
    app,
    consumers: [],
    async start() {
      await ensureBootstrapKeys(keys, deps.config.bootstrapApiKeys, deps.clock());
      pruneTimer = setInterval(() => {
        limiter.pruneBefore(new Date(deps.clock().getTime() - COUNTER_RETENTION_MS)).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'pruning rate-limit counters failed');
        });
      }, PRUNE_EVERY_MS);
      pruneTimer.unref();
    },
    async stop() {
      if (pruneTimer) clearInterval(pruneTimer);
    },
    healthcheck
  };
}
