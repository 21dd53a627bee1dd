import path from 'node:path';
import { BlobStore, createBlobStore } from '@signet/blob';
import { busMigrations, createBus, EventBus, Subscription } from '@signet/bus';
import { createMailer, MailerSetup } from '@signet/mail';
import { createSmsSender, SmsSetup } from '@signet/sms';
import { metricsHandler, watchOutbox } from '@signet/metrics';
import { ConfigError, loadConfig, PartName, SignetConfig } from '@signet/config';
import { openDatabase, schemaNameFor } from '@signet/db';
import type { EmbeddedPostgresHandle } from '@signet/db/embedded';
import { AppError, serveInProcess } from '@signet/http';
import { createJobSystem, JobSystem } from '@signet/jobs';
import { createLogger, Logger } from '@signet/log';
import type { Clock, SignetService, TestClock } from '@signet/service';
import type { Knex } from 'knex';
import express, { type Express } from 'express';
import { developmentApiKey, monolithSecret } from './dev-api-key';
import { listen, Listening } from './listen';
import { REGISTRY } from './registry';
import { createShutdown, Shutdown } from './shutdown';
import { runsEveryPart } from './targets';
import { createTestClock, type MovableClock } from './test-clock';

export interface StartOptions {
  parts: PartName[];
  env?: Record<string, string | undefined>;
  clock?: Clock;
  /** Extra consumers on this process's bus, such as an embedding application's (or a test's). */
  subscriptions?: Subscription[];
}

export interface RunningSignet {
  config: SignetConfig;
  /** Where the gateway listens, when this process runs it. */
  gatewayUrl: string | null;
  developmentKey: string | null;
  services: Map<PartName, SignetService>;
  /** Where each part of this process listens (services sit on loopback behind the gateway). */
  urls: Map<PartName, string>;
  /** Where Prometheus scrapes this process's metrics (METRICS_PORT), or null when they are not served. */
  metricsUrl: string | null;
  bus: EventBus;
  /** The job system this process's parts share (a test clock moves its timed jobs). */
  jobs: JobSystem;
  /** SIGNET_TEST_CLOCK's clock, else null. */
  testClock: TestClock | null;
  stop(): Promise<void>;
}

function checkModes(config: SignetConfig, parts: PartName[]): string {
  const everyPart = runsEveryPart(parts);
  // A clock that moves serves one process: parts elsewhere would keep the real one and disagree.
  if (config.testClock && !everyPart) throw new ConfigError('SIGNET_TEST_CLOCK', 'is for development in monolith mode only: unset it when a process runs only some parts');
  if (!config.kafka && !everyPart) {
    throw new ConfigError('KAFKA_BROKERS', 'is required when a process runs only some parts (their events would never reach the others)');
  }
  if (config.internalSecret) return config.internalSecret;
  if (!everyPart) throw new ConfigError('SIGNET_INTERNAL_SECRET', 'is required when a process runs only some parts');
  return monolithSecret(config.dataDir);
}

function bindingFor(config: SignetConfig, part: PartName, parts: PartName[]): { port: number; host: string } {
  if (part === 'gateway' || parts.length === 1) return { port: config.servicePorts[part] ?? config.port, host: config.host };
  const port = config.servicePorts[part];
  // Parts beside the gateway in one process are reached only through it: loopback, any free port.
  return port ? { port, host: config.host } : { port: 0, host: '127.0.0.1' };
}

/** Starts the given parts in this process: database, bus, each part's HTTP server, consumers, workers. */
export async function startSignet(options: StartOptions): Promise<RunningSignet> {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  const internalSecret = checkModes(config, options.parts);
  // The job system is made from the clock, and the test clock moves the job system's jobs.
  let jobsOfClock: JobSystem | null = null;
  const testClock: MovableClock | null = config.testClock ? createTestClock(() => jobsOfClock as JobSystem) : null;
  const clock = options.clock ?? testClock?.clock ?? (() => new Date());
  const log = createLogger({ level: config.logLevel });
  const shutdown = createShutdown(log);
  const stop = () => shutdown.run();

  try {
    let developmentKey: string | null = null;
    if (!config.databaseUrl && config.bootstrapApiKeys.length === 0 && options.parts.includes('gateway')) {
      const devKey = developmentApiKey(config.dataDir);
      config.bootstrapApiKeys.push(devKey);
      developmentKey = devKey.key;
    }
    const databaseUrl = config.databaseUrl ?? (await startEmbedded(config, log, shutdown)).url;
    const blobs = createBlobStore({
      s3: config.s3 && { ...config.s3, endpoint: config.s3.endpoint ?? undefined, accessKeyId: config.s3.accessKeyId ?? undefined, secretAccessKey: config.s3.secretAccessKey ?? undefined },
      filesystem: { dir: path.join(config.dataDir, 'blobs'), publicBaseUrl: config.publicBaseUrl, signingSecret: internalSecret, clock }
    });
    const mail = createMailer({ smtpUrl: config.smtpUrl });
    shutdown.add('databases', async () => mail.close());
    const sms = createSmsSender(config.sms.provider);
    const bus = createBus({ kafka: config.kafka, retry: { initialMs: config.consumerRetryInitialMs, maxMs: config.consumerRetryMaxMs }, log });
    shutdown.add('bus', () => bus.stop());
    const jobs = createJobSystem({ databaseUrl, clock, log, concurrency: config.jobs.concurrency, pollIntervalMs: config.jobs.pollIntervalMs });
    jobsOfClock = jobs;

    const local = new Map<PartName, string>();
    const serviceUrl = (part: PartName): string => {
      const url = local.get(part) ?? config.serviceUrls[part];
      if (!url) throw new AppError('SERVICE_UNAVAILABLE', `The ${part} part is not running here and ${part.toUpperCase().replace(/-/g, '_')}_URL is not set`);
      return url;
    };

    const services = new Map<PartName, SignetService>();
    // Parts in this process are reached without a loopback hop: the gateway hands requests to their apps.
    const localApp = (part: PartName): Express | null => services.get(part)?.app ?? null;
    for (const part of options.parts) {
      const service = await createPart(part, { config, databaseUrl, bus, blobs, mail, sms, parts: options.parts, log, internalSecret, serviceUrl, localApp, clock, testClock, shutdown, jobs });
      const binding = bindingFor(config, part, options.parts);
      const listening: Listening = await listen(service.app, binding.port, binding.host);
      shutdown.add('servers', () => listening.close());
      // Kept while the servers drain: a request still being answered may need another part.
      const stopServingInProcess = serveInProcess(listening.url, service.app);
      shutdown.add('services', async () => stopServingInProcess());
      local.set(part, listening.url);
      services.set(part, service);
    }
    const metricsUrl = config.metricsPort === null ? null : await serveMetrics(config.metricsPort, config.host, shutdown);
    for (const service of services.values()) for (const consumer of service.consumers) bus.subscribe(consumer);
    for (const subscription of options.subscriptions ?? []) bus.subscribe(subscription);
    await bus.start();
    await jobs.start();
    // Running jobs finish before the databases close; the services' own loops stop beside them.
    shutdown.add('services', () => jobs.stop());
    for (const service of services.values()) {
      await service.start();
      shutdown.add('services', () => service.stop());
    }
    return { config, gatewayUrl: local.get('gateway') ?? null, developmentKey, services, urls: local, metricsUrl, bus, jobs, testClock, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The process's metrics (every part it runs shares one registry) on their own port, so the public port
 * never serves them: figures of routes, queues and the process are for the operator's scraper alone.
 */
async function serveMetrics(port: number, host: string, shutdown: Shutdown): Promise<string> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler());
  const listening = await listen(app, port, host);
  shutdown.add('servers', () => listening.close());
  return listening.url;
}

async function startEmbedded(config: SignetConfig, log: Logger, shutdown: Shutdown): Promise<EmbeddedPostgresHandle> {
  // Loaded only when used: deployments with DATABASE_URL never load the PostgreSQL binaries' package.
  const { startEmbeddedPostgres } = require('@signet/db/embedded') as typeof import('@signet/db/embedded');
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, onLog: (line) => log.debug({ postgres: line.trim() }), onProgress: (message) => log.info({ data_dir: config.dataDir }, message) });
  shutdown.add('embedded', () => embedded.stop());
  return embedded;
}

interface PartContext {
  config: SignetConfig;
  databaseUrl: string;
  bus: EventBus;
  blobs: BlobStore;
  mail: MailerSetup;
  sms: SmsSetup;
  parts: PartName[];
  log: Logger;
  internalSecret: string;
  serviceUrl: (part: PartName) => string;
  localApp: (part: PartName) => Express | null;
  clock: Clock;
  testClock: TestClock | null;
  shutdown: Shutdown;
  jobs: JobSystem;
}

async function createPart(part: PartName, context: PartContext): Promise<SignetService> {
  const definition = REGISTRY[part];
  if (!definition) throw new ConfigError('--target', `names ${part}, which this build does not have`);
  const db: Knex = await openDatabase({ url: context.databaseUrl, schema: schemaNameFor(part), migrations: definition.migrations });
  context.shutdown.add('databases', () => db.destroy());
  if (definition.migrations.some((migration) => migration.name === busMigrations[0]?.name)) watchOutbox(part, db);
  return definition.create({
    db,
    bus: context.bus,
    blobs: context.blobs,
    mailer: context.mail.mailer,
    // The sink's pages show what one process sent: only meaningful when that process runs every part.
    mailSink: runsEveryPart(context.parts) ? context.mail.sink : null,
    sms: context.sms.sender,
    smsSink: runsEveryPart(context.parts) ? context.sms.sink : null,
    log: context.log.child({ service: part }),
    config: context.config,
    internalSecret: context.internalSecret,
    serviceUrl: context.serviceUrl,
    localApp: context.localApp,
    clock: context.clock,
    testClock: context.testClock,
    jobs: context.jobs
  });
}
