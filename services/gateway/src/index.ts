import { PART_NAMES } from '@signet/config';
import { fileDownloadHandler } from '@signet/blob';
import { listenForNotifications, NotificationListener, openAsyncCommitPool } from '@signet/db';
import { runHealthChecks } from '@signet/http';
import { defineRecurringJob } from '@signet/jobs';
import { mailSinkRoutes } from '@signet/mail';
import { smsSinkRoutes } from '@signet/sms';
import type { ServiceDeps, SignetService } from '@signet/service';
import { apiKeyCache } from './api-keys/api-key-cache';
import { API_KEYS_CHANGED_CHANNEL, apiKeyRepository } from './api-keys/api-key-repository';
import { ensureBootstrapKeys } from './api-keys/ensure-bootstrap-keys';
import { lastUsedRecorder, recordingUse } from './api-keys/last-used';
import { builderSessionStore } from './builder-sessions/builder-session-store';
import { builderTokens } from './builder-sessions/builder-token';
import { sessionTargets } from './builder-sessions/session-targets';
import { consoleSessionStore } from './console/console-session-store';
import { createGatewayApp } from './create-gateway-app';
import { devClockRoutes } from './dev/dev-clock-routes';
import { idempotency } from './idempotency/idempotency-middleware';
import { idempotencyStore } from './idempotency/idempotency-store';
import { envelopeLimitsOf, signatureReportBucket } from './rate-limit/plan-limits';
import { publicRateLimit } from './rate-limit/public-rate-limit';
import { rateLimit } from './rate-limit/rate-limit-middleware';
import { rateLimiter } from '@signet/rate-limit';

export { gatewayMigrations } from '../migrations';
export { KEYS_USAGE, runKeysCli } from './cli/keys-cli';
export { apiKeyRepository as apiKeyRepositoryFor } from './api-keys/api-key-repository';

const COUNTER_RETENTION_MS = 2 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
/** How stale a cached key can be if a revocation's notification is lost (decided in docs/decisions.md). */
const API_KEY_CACHE_TTL_MS = 10_000;
const API_KEY_CACHE_ENTRIES = 10_000;
/** A key's last use is written at most this often per replica: a request costs a memory look-up, not a write. */
const LAST_USED_EVERY_MS = 60_000;

/** The only public entry: API-key auth, request ids, plan rate limits, and the route table to services. */
export function createGatewayService(deps: ServiceDeps): SignetService {
  const keys = apiKeyRepository(deps.db);
  const cachedKeys = apiKeyCache(keys, { clock: deps.clock, ttlMs: API_KEY_CACHE_TTL_MS, maxEntries: API_KEY_CACHE_ENTRIES });
  let keyChanges: NotificationListener | null = null;
  // Every report of a key updates the same counter rows; see docs/decisions.md, "Plan-limit counters commit asynchronously".
  // A key's last use, which a crash may lose without harm, is written through it too.
  const counters = openAsyncCommitPool(deps.db);
  const recordUse = lastUsedRecorder(apiKeyRepository(counters).touchLastUsed, { clock: deps.clock, log: deps.log, everyMs: LAST_USED_EVERY_MS, maxEntries: API_KEY_CACHE_ENTRIES });
  const limiter = rateLimiter({ db: counters, clock: deps.clock });
  const idempotencyKeys = idempotencyStore(deps.db);
  const builderSessions = builderSessionStore(deps.db);
  const consoleSessions = consoleSessionStore(deps.db);
  // Old rate-limit counters, expired Idempotency-Keys, and builder and console sessions two days past their end go, once an hour across replicas.
  deps.jobs.every(defineRecurringJob('gateway.prune-counters-and-keys', 10 * 60_000, async () => {
    await limiter.pruneBefore(new Date(deps.clock().getTime() - COUNTER_RETENTION_MS));
    await idempotencyKeys.pruneExpired(deps.clock());
    await builderSessions.pruneExpiredBefore(new Date(deps.clock().getTime() - COUNTER_RETENTION_MS));
    await consoleSessions.pruneExpiredBefore(new Date(deps.clock().getTime() - COUNTER_RETENTION_MS));
  }), PRUNE_EVERY_MS);
  const buckets = { 'signature_report.create': signatureReportBucket() };

  // Ready only once started: before that, a bootstrap key a client was given may not be a working key yet.
  let started = false;
  const healthcheck = () => runHealthChecks({
    database: async () => { await deps.db.raw('SELECT 1'); },
    started: async () => {
      if (!started) throw new Error('starting: the bootstrap API keys are not in place yet');
    }
  });

  const app = createGatewayApp({
    keys: recordingUse(cachedKeys, recordUse),
    log: deps.log,
    internalSecret: deps.internalSecret,
    serviceUrl: deps.serviceUrl,
    localApp: deps.localApp,
    healthcheck,
    rateLimitFor: (name) => rateLimit(limiter, buckets[name]),
    idempotency: idempotency(idempotencyKeys, deps.clock, deps.log),
    envelopeLimitsOf: envelopeLimitsOf(deps.config),
    publicRateLimit: publicRateLimit(deps.config.publicRateLimitPerMinute, deps.clock),
    trustProxy: deps.config.trustProxy,
    upstreamTimeoutMs: deps.config.upstreamTimeoutMs,
    files: deps.config.s3 ? null : fileDownloadHandler(deps.blobs, deps.internalSecret, deps.clock),
    mailSink: deps.mailSink ? mailSinkRoutes(deps.mailSink) : null,
    smsSink: deps.smsSink ? smsSinkRoutes(deps.smsSink) : null,
    devClock: deps.testClock ? devClockRoutes(deps.testClock) : null,
    publicBaseUrl: deps.config.publicBaseUrl,
    running: () => ({
      parts: PART_NAMES.filter((part) => part === 'gateway' || deps.localApp(part) !== null),
      database: deps.config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL, data under ${deps.config.dataDir}`,
      bus: deps.config.kafka ? 'Kafka (KAFKA_BROKERS)' : 'in-memory bus (every part in this process)',
      mail: deps.mailSink ? 'kept in the built-in mailbox: nothing is sent out' : 'sent through SMTP_URL'
    }),
    developmentKey: deps.config.bootstrapApiKeys.find((key) => key.development)?.key ?? null,
    builderSessions: {
      sessions: builderSessions,
      tokens: builderTokens(deps.internalSecret, deps.clock),
      targets: sessionTargets(deps.serviceUrl, deps.internalSecret),
      clock: deps.clock,
      publicBaseUrl: deps.config.publicBaseUrl
    },
    console: {
      sessions: consoleSessions,
      keys: recordingUse(cachedKeys, recordUse),
      keyById: (id) => keys.findActiveById(id),
      clock: deps.clock,
      publicBaseUrl: deps.config.publicBaseUrl
    },
    apiKeys: { keys, clock: deps.clock, forgetCachedKeys: () => cachedKeys.forgetAll() }
  });

  return {
    name: 'gateway',
    app,
    consumers: [],
    async start() {
      keyChanges = listenForNotifications(deps.db, {
        channel: API_KEYS_CHANGED_CHANNEL,
        onNotify: () => cachedKeys.forgetAll(),
        onConnected: () => cachedKeys.forgetAll(),
        onError: (error) => {
          cachedKeys.forgetAll();
          deps.log.warn({ err: error }, 'API key change notifications interrupted; cached keys expire within 10 s until they are back');
        }
      });
      await ensureBootstrapKeys(keys, deps.config.bootstrapApiKeys, deps.clock());
      started = true;
    },
    async stop() {
      await keyChanges?.stop();
      await recordUse.settled();
      await counters.destroy();
    },
    healthcheck
  };
}
