import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BootstrapApiKey, parseBootstrapApiKeys } from './bootstrap-keys';
import { ConfigError } from './config-error';
import { PART_NAMES, PartName, partEnvPrefix } from './parts';
import { Pkcs11SealConfig, readPkcs11 } from './seal-pkcs11';
import { Env, readBoolean, readEmail, readEnum, readHostPortList, readInt, readOptionalString, readString, readTrustProxy, readUrl, TrustProxy } from './readers';

export interface KafkaConfig {
  brokers: string[];
  clientId: string;
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  fetchMaxWaitMs: number;
}

export interface S3Config {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** Webhook delivery (spec 6): timing, bounds and the one address rule an operator may relax. */
export interface WebhookConfig {
  timeoutMs: number;
  retryDelayMs: number;
  allowLoopback: boolean;
  concurrency: number;
  pollIntervalMs: number;
  retentionDays: number;
  maxPayloadBytes: number;
}

/** Untrusted-PDF work of the envelope and upload parts (see libs/pdf): budgets, pool size, wait queue. */
export interface PdfConfig {
  timeoutMs: number;
  wallTimeoutMs: number;
  maxMemoryMb: number;
  maxPages: number;
  workers: number;
  maxQueued: number;
  queueWaitMs: number;
}

/** Twilio's Messages API, or any provider that speaks it. */
export interface SmsProviderConfig {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
  /**
   * Where the provider reports each message's delivery status (Twilio's StatusCallback): Signet's public
   * `/sms/v1/status` as the provider reaches it; null: no reports, the status stays the one sending returned.
   */
  statusCallbackUrl: string | null;
}

/** Phone validation codes: who carries them, and the guards against SMS pumping. */
export interface SmsConfig {
  /** Null: text messages go to the built-in sink, readable at /dev/sms (monolith mode). */
  provider: SmsProviderConfig | null;
  /** SMS one tenant may have sent in any 24 hours. */
  tenantDailyLimit: number;
  /** ISO 3166 alpha-2 codes of the countries codes may be texted to; null: every country. */
  allowedCountries: string[] | null;
}

export interface SignetConfig {
  port: number;
  host: string;
  /** Where Prometheus scrapes `/metrics` (on HOST), never the public port; null: metrics are not served. */
  metricsPort: number | null;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  kafka: KafkaConfig | null;
  /** Null: documents are kept on the filesystem under DATA_DIR/blobs (monolith mode). */
  s3: S3Config | null;
  /** Null: mail goes to the built-in sink, readable at /dev/mail (monolith mode). */
  smtpUrl: string | null;
  /** Sender address of Signet's emails when a key's settings give no branding.sender_email. */
  mailFrom: string;
  sms: SmsConfig;
  internalSecret: string | null;
  /** The certificate that seals signed PDFs (PKCS#12); null: one is generated once and kept in the database. */
  seal: SealConfig | null;
  /** Remote RFC 3161 TSAs; null: the development TSA when sealing with the development CA, else none (PAdES B-B). */
  tsa: TsaConfig | null;
  /** Null: no HSM; the seal is SIGNET_SEAL_P12's or the development CA's. */
  sealPkcs11: Pkcs11SealConfig | null;
  archive: ArchiveConfig;
  bootstrapApiKeys: BootstrapApiKey[];
  logLevel: string;
  serviceUrls: Partial<Record<PartName, string>>;
  servicePorts: Partial<Record<PartName, number>>;
  outboxPollIntervalMs: number;
  consumerRetryInitialMs: number;
  consumerRetryMaxMs: number;
  enterpriseEnvelopesPerHour: number;
  enterpriseEnvelopesPerDay: number;
  /** The proxies in front of the gateway whose X-Forwarded-For names the client (signers' IPs, public rate limits). */
  trustProxy: TrustProxy;
  /** Requests per minute one client address may make to the public (keyless) routes, per gateway replica. */
  publicRateLimitPerMinute: number;
  webhooks: WebhookConfig;
  pdf: PdfConfig;
  /** Longest a part may take to start answering a request the gateway passed it (then 504). */
  upstreamTimeoutMs: number;
}

export interface SealConfig {
  p12: Buffer;
  passphrase: string;
}

export interface ArchiveConfig {
  /** Renew a document timestamp this many days before its TSA certificate expires. */
  renewDays: number;
  pollIntervalMs: number;
}

export interface TsaConfig {
  /** Tried in order, the next when one fails. */
  urls: string[];
  username: string | null;
  password: string | null;
  timeoutMs: number;
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** Reads and validates the environment; throws ConfigError (one line) on the first bad variable. */
export function loadConfig(env: Env = process.env): SignetConfig {
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const brokers = readHostPortList(env, 'KAFKA_BROKERS');
  return {
    port,
    host: readString(env, 'HOST', '0.0.0.0'),
    metricsPort: readOptionalString(env, 'METRICS_PORT') === null ? null : readInt(env, 'METRICS_PORT', 0, 0, 65535),
    publicBaseUrl: readUrl(env, 'PUBLIC_BASE_URL', ['http', 'https']) ?? `http://localhost:${port}`,
    dataDir: path.resolve(readString(env, 'DATA_DIR', './.data')),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    embeddedPostgresPort: readInt(env, 'EMBEDDED_POSTGRES_PORT', 54329, 1, 65535),
    kafka: brokers === null ? null : {
      brokers,
      clientId: readString(env, 'KAFKA_CLIENT_ID', 'signet'),
      connectionTimeoutMs: readInt(env, 'KAFKA_CONNECTION_TIMEOUT_MS', 3000, 100, 600000),
      requestTimeoutMs: readInt(env, 'KAFKA_REQUEST_TIMEOUT_MS', 30000, 100, 600000),
      sessionTimeoutMs: readInt(env, 'KAFKA_SESSION_TIMEOUT_MS', 30000, 1000, 600000),
      heartbeatIntervalMs: readInt(env, 'KAFKA_HEARTBEAT_INTERVAL_MS', 3000, 100, 600000),
      fetchMaxWaitMs: readInt(env, 'KAFKA_FETCH_MAX_WAIT_MS', 50, 10, 60000)
    },
    s3: readS3(env),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: readEmail(env, 'MAIL_FROM', 'no-reply@signet.localhost'),
    sms: readSms(env),
    internalSecret: readOptionalString(env, 'SIGNET_INTERNAL_SECRET'),
    seal: readSeal(env),
    tsa: readTsa(env),
    sealPkcs11: readPkcs11(env),
    archive: {
      renewDays: readInt(env, 'ARCHIVE_TIMESTAMP_RENEW_DAYS', 30, 1, 3650),
      pollIntervalMs: readInt(env, 'ARCHIVE_TIMESTAMP_POLL_INTERVAL_MS', 3600000, 10, 86400000)
    },
    bootstrapApiKeys: parseBootstrapApiKeys(readOptionalString(env, 'SIGNET_BOOTSTRAP_API_KEYS')),
    logLevel: readEnum(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    serviceUrls: readPerPart('_URL', (name) => readUrl(env, name, ['http', 'https'])),
    servicePorts: readPerPart('_PORT', (name) => readInt(env, name, 0, 1, 65535) || null),
    outboxPollIntervalMs: readInt(env, 'OUTBOX_POLL_INTERVAL_MS', 1000, 10, 60000),
    consumerRetryInitialMs: readInt(env, 'CONSUMER_RETRY_INITIAL_MS', 500, 1, 600000),
    consumerRetryMaxMs: readInt(env, 'CONSUMER_RETRY_MAX_MS', 30000, 1, 3600000),
    enterpriseEnvelopesPerHour: readInt(env, 'ENTERPRISE_ENVELOPES_PER_HOUR', 1000, 1, 10000000),
    enterpriseEnvelopesPerDay: readInt(env, 'ENTERPRISE_ENVELOPES_PER_DAY', 10000, 1, 100000000),
    trustProxy: readTrustProxy(env, 'TRUST_PROXY'),
    publicRateLimitPerMinute: readInt(env, 'PUBLIC_RATE_LIMIT_PER_MINUTE', 600, 1, 10000000),
    webhooks: readWebhooks(env),
    pdf: readPdf(env),
    upstreamTimeoutMs: readInt(env, 'UPSTREAM_TIMEOUT_MS', 100000, 100, 3600000)
  };
}

function readWebhooks(env: Env): WebhookConfig {
  return {
    timeoutMs: readInt(env, 'WEBHOOK_TIMEOUT_MS', 10000, 100, 120000),
    retryDelayMs: readInt(env, 'WEBHOOK_RETRY_DELAY_MS', 5000, 1, 3600000),
    // The embedded default (no DATABASE_URL) is a developer's machine, where receivers live on localhost.
    allowLoopback: readBoolean(env, 'WEBHOOK_ALLOW_LOOPBACK', readOptionalString(env, 'DATABASE_URL') === null),
    concurrency: readInt(env, 'WEBHOOK_CONCURRENCY', 16, 1, 1000),
    pollIntervalMs: readInt(env, 'WEBHOOK_POLL_INTERVAL_MS', 500, 10, 60000),
    retentionDays: readInt(env, 'WEBHOOK_RETENTION_DAYS', 30, 1, 3650),
    maxPayloadBytes: readInt(env, 'WEBHOOK_MAX_PAYLOAD_BYTES', 5242880, 1024, 104857600)
  };
}

function readPdf(env: Env): PdfConfig {
  return {
    timeoutMs: readInt(env, 'PDF_CPU_BUDGET_MS', 10000, 100, 600000),
    wallTimeoutMs: readInt(env, 'PDF_WALL_TIMEOUT_MS', 60000, 1000, 3600000),
    maxMemoryMb: readInt(env, 'PDF_MAX_MEMORY_MB', 256, 64, 16384),
    maxPages: readInt(env, 'PDF_MAX_PAGES', 2000, 1, 100000),
    workers: readInt(env, 'PDF_WORKERS', availableParallelism(), 1, 256),
    maxQueued: readInt(env, 'PDF_QUEUE_MAX', 32, 0, 100000),
    queueWaitMs: readInt(env, 'PDF_QUEUE_WAIT_MS', 20000, 1, 600000)
  };
}

/** Where SMS pumping pays least and Signet's languages (EN, ES) are spoken most; `*` opens every country. */
export const DEFAULT_SMS_COUNTRIES = 'US,CA,GB,IE,AU,NZ,ES,MX,AR,CL,CO,PE,UY';

function readSms(env: Env): SmsConfig {
  const accountSid = readOptionalString(env, 'SMS_ACCOUNT_SID');
  const countries = readString(env, 'SMS_ALLOWED_COUNTRIES', DEFAULT_SMS_COUNTRIES).toUpperCase();
  const allowedCountries = countries === '*' ? null : countries.split(',').map((code) => code.trim());
  if (allowedCountries?.some((code) => !/^[A-Z]{2}$/.test(code))) {
    throw new ConfigError('SMS_ALLOWED_COUNTRIES', 'must be * or a comma-separated list of two-letter country codes such as US,ES', countries);
  }
  const required = (name: string): string => {
    const value = readOptionalString(env, name);
    if (value === null) throw new ConfigError(name, 'is required when SMS_ACCOUNT_SID is set');
    return value;
  };
  const statusCallbackUrl = readUrl(env, 'SMS_STATUS_CALLBACK_URL', ['https', 'http']);
  // The built-in sink has no provider to report back: it records each message delivered itself.
  if (accountSid === null && statusCallbackUrl !== null) throw new ConfigError('SMS_STATUS_CALLBACK_URL', 'is read only with SMS_ACCOUNT_SID (an SMS provider)');
  return {
    provider: accountSid === null ? null : {
      accountSid,
      authToken: required('SMS_AUTH_TOKEN'),
      from: required('SMS_FROM'),
      apiUrl: readUrl(env, 'SMS_API_URL', ['https', 'http']) ?? 'https://api.twilio.com',
      statusCallbackUrl
    },
    tenantDailyLimit: readInt(env, 'SMS_TENANT_DAILY_LIMIT', 500, 1, 10000000),
    allowedCountries
  };
}

function readSeal(env: Env): SealConfig | null {
  const p12 = readOptionalString(env, 'SIGNET_SEAL_P12');
  if (p12 === null) return null;
  if (!/^[A-Za-z0-9+/\s]+={0,2}\s*$/.test(p12)) throw new ConfigError('SIGNET_SEAL_P12', 'must be a base64 PKCS#12 file');
  return { p12: Buffer.from(p12, 'base64'), passphrase: readOptionalString(env, 'SIGNET_SEAL_PASSPHRASE') ?? '' };
}

function readTsa(env: Env): TsaConfig | null {
  const value = readOptionalString(env, 'TSA_URL');
  if (value === null) return null;
  const urls = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const url of urls) readUrl({ TSA_URL: url }, 'TSA_URL', ['http', 'https']);
  if (urls.length === 0) throw new ConfigError('TSA_URL', 'must be a comma-separated list of http or https URLs', value);
  return {
    urls,
    username: readOptionalString(env, 'TSA_USERNAME'),
    password: readOptionalString(env, 'TSA_PASSWORD'),
    timeoutMs: readInt(env, 'TSA_TIMEOUT_MS', 10000, 100, 120000)
  };
}

function readS3(env: Env): S3Config | null {
  const bucket = readOptionalString(env, 'S3_BUCKET');
  if (bucket === null) return null;
  return {
    endpoint: readUrl(env, 'S3_ENDPOINT', ['http', 'https']),
    region: readString(env, 'S3_REGION', 'us-east-1'),
    bucket,
    accessKeyId: readOptionalString(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: readOptionalString(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: readBoolean(env, 'S3_FORCE_PATH_STYLE', false)
  };
}

function readPerPart<T>(suffix: string, read: (name: string) => T | null): Partial<Record<PartName, T>> {
  const result: Partial<Record<PartName, T>> = {};
  for (const part of PART_NAMES) {
    if (part === 'gateway') continue;
    const value = read(`${partEnvPrefix(part)}${suffix}`);
    if (value !== null) result[part] = value;
  }
  return result;
}
