import path from 'node:path';
import { BootstrapApiKey, parseBootstrapApiKeys } from './bootstrap-keys';
import { ConfigError } from './config-error';
import type { PartName } from './parts';
import { type CscConfig, readCsc } from './csc';
import { readPartVariables, readVariables, type Env } from './read-variables';
import { Pkcs11SealConfig, readPkcs11 } from './seal-pkcs11';
import type { ConfigValues } from './variables';

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

/** Webhook delivery: timing, bounds and the one address rule an operator may relax. */
export interface WebhookConfig {
  timeoutMs: number;
  retryDelayMs: number;
  allowLoopback: boolean;
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

/** Identity checks: the image keys, the self-hosted verifier's workers, and the hosted provider. */
export interface IdentityConfig {
  /** Keys by id, the first encrypting; null: one key derived from the internal secret. */
  imageKeys: Array<{ id: string; key: Buffer }> | null;
  workers: number;
  timeoutMs: number;
  /** Null: Stripe Identity is not available. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string } | null;
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
  identity: IdentityConfig;
  internalSecret: string | null;
  /** SIGNET_TEST_CLOCK: Signet's clock can be moved forward over /dev/clock (monolith mode only). */
  testClock: boolean;
  /** The certificate that seals signed PDFs (PKCS#12); null: one is generated once and kept in the database. */
  seal: SealConfig | null;
  /** Remote RFC 3161 TSAs; null: the development TSA when sealing with the development CA, else none (PAdES B-B). */
  tsa: TsaConfig | null;
  /** Null: no HSM; the seal is SIGNET_SEAL_P12's or the development CA's. */
  sealPkcs11: Pkcs11SealConfig | null;
  /** The CA that certifies signers' act keys (advanced signatures); null: the development signer CA. */
  signerCa: SignerCaConfig | null;
  /** The remote signing service holding signers' keys (CSC API v2); null: none, no qualified signatures. */
  csc: CscConfig | null;
  archive: ArchiveConfig;
  bootstrapApiKeys: BootstrapApiKey[];
  logLevel: string;
  serviceUrls: Partial<Record<PartName, string>>;
  servicePorts: Partial<Record<PartName, number>>;
  outboxPollIntervalMs: number;
  jobs: { concurrency: number; pollIntervalMs: number };
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

/** The signer CA: a PKCS#12 file, or a key in the seal's PKCS#11 token by its label. */
export type SignerCaConfig = { kind: 'p12'; p12: Buffer; passphrase: string } | { kind: 'pkcs11'; keyLabel: string };

export interface SealConfig {
  p12: Buffer;
  passphrase: string;
}

export interface ArchiveConfig {
  /** Renew a document timestamp this many days before its TSA certificate expires. */
  renewDays: number;
}

export interface TsaConfig {
  /** Tried in order, the next when one fails. */
  urls: string[];
  username: string | null;
  password: string | null;
  timeoutMs: number;
}

/** Reads and validates the environment; throws ConfigError (one line) on the first bad variable. */
export function loadConfig(env: Env = process.env): SignetConfig {
  const v = readVariables(env);
  const parts = readPartVariables(env);
  return {
    port: v.PORT,
    host: v.HOST,
    metricsPort: v.METRICS_PORT ?? null,
    publicBaseUrl: v.PUBLIC_BASE_URL ?? `http://localhost:${v.PORT}`,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL ?? null,
    embeddedPostgresPort: v.EMBEDDED_POSTGRES_PORT,
    kafka: v.KAFKA_BROKERS === undefined ? null : {
      brokers: v.KAFKA_BROKERS.split(',').map((entry) => entry.trim()),
      clientId: v.KAFKA_CLIENT_ID,
      connectionTimeoutMs: v.KAFKA_CONNECTION_TIMEOUT_MS,
      requestTimeoutMs: v.KAFKA_REQUEST_TIMEOUT_MS,
      sessionTimeoutMs: v.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: v.KAFKA_HEARTBEAT_INTERVAL_MS,
      fetchMaxWaitMs: v.KAFKA_FETCH_MAX_WAIT_MS
    },
    s3: v.S3_BUCKET === undefined ? null : {
      endpoint: v.S3_ENDPOINT ?? null,
      region: v.S3_REGION,
      bucket: v.S3_BUCKET,
      accessKeyId: v.S3_ACCESS_KEY_ID ?? null,
      secretAccessKey: v.S3_SECRET_ACCESS_KEY ?? null,
      forcePathStyle: v.S3_FORCE_PATH_STYLE
    },
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM,
    sms: readSms(v),
    identity: readIdentity(v),
    internalSecret: v.SIGNET_INTERNAL_SECRET ?? null,
    testClock: v.SIGNET_TEST_CLOCK,
    seal: v.SIGNET_SEAL_P12 === undefined ? null : { p12: Buffer.from(v.SIGNET_SEAL_P12, 'base64'), passphrase: v.SIGNET_SEAL_PASSPHRASE ?? '' },
    tsa: v.TSA_URL === undefined ? null : {
      urls: v.TSA_URL.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''),
      username: v.TSA_USERNAME ?? null,
      password: v.TSA_PASSWORD ?? null,
      timeoutMs: v.TSA_TIMEOUT_MS
    },
    sealPkcs11: readPkcs11(v),
    signerCa: readSignerCa(v),
    csc: readCsc(v),
    archive: { renewDays: v.ARCHIVE_TIMESTAMP_RENEW_DAYS },
    bootstrapApiKeys: parseBootstrapApiKeys(v.SIGNET_BOOTSTRAP_API_KEYS ?? null),
    logLevel: v.LOG_LEVEL,
    serviceUrls: Object.fromEntries(parts.flatMap(({ part, values }) => (values.URL === undefined ? [] : [[part, values.URL]]))),
    servicePorts: Object.fromEntries(parts.flatMap(({ part, values }) => (values.PORT === undefined ? [] : [[part, values.PORT]]))),
    outboxPollIntervalMs: v.OUTBOX_POLL_INTERVAL_MS,
    jobs: { concurrency: v.JOBS_CONCURRENCY, pollIntervalMs: v.JOBS_POLL_INTERVAL_MS },
    consumerRetryInitialMs: v.CONSUMER_RETRY_INITIAL_MS,
    consumerRetryMaxMs: v.CONSUMER_RETRY_MAX_MS,
    enterpriseEnvelopesPerHour: v.ENTERPRISE_ENVELOPES_PER_HOUR,
    enterpriseEnvelopesPerDay: v.ENTERPRISE_ENVELOPES_PER_DAY,
    trustProxy: trustProxy(v.TRUST_PROXY),
    publicRateLimitPerMinute: v.PUBLIC_RATE_LIMIT_PER_MINUTE,
    webhooks: {
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
      retryDelayMs: v.WEBHOOK_RETRY_DELAY_MS,
      // The embedded default (no DATABASE_URL) is a developer's machine, where receivers live on localhost.
      allowLoopback: v.WEBHOOK_ALLOW_LOOPBACK ?? v.DATABASE_URL === undefined,
      retentionDays: v.WEBHOOK_RETENTION_DAYS,
      maxPayloadBytes: v.WEBHOOK_MAX_PAYLOAD_BYTES
    },
    pdf: {
      timeoutMs: v.PDF_CPU_BUDGET_MS,
      wallTimeoutMs: v.PDF_WALL_TIMEOUT_MS,
      maxMemoryMb: v.PDF_MAX_MEMORY_MB,
      maxPages: v.PDF_MAX_PAGES,
      workers: v.PDF_WORKERS,
      maxQueued: v.PDF_QUEUE_MAX,
      queueWaitMs: v.PDF_QUEUE_WAIT_MS
    },
    upstreamTimeoutMs: v.UPSTREAM_TIMEOUT_MS
  };
}

/** Which peers may tell the client's address in X-Forwarded-For: none, a hop count, or addresses. */
export type TrustProxy = false | number | string[];

function trustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((entry) => entry.trim());
}

function readIdentity(v: ConfigValues): IdentityConfig {
  if (v.STRIPE_IDENTITY_SECRET_KEY !== undefined && v.STRIPE_IDENTITY_WEBHOOK_SECRET === undefined) {
    throw new ConfigError('STRIPE_IDENTITY_WEBHOOK_SECRET', 'is required when STRIPE_IDENTITY_SECRET_KEY is set');
  }
  return {
    imageKeys: v.IDENTITY_IMAGE_KEYS === undefined ? null : v.IDENTITY_IMAGE_KEYS.split(',').map((entry) => {
      const [id = '', key = ''] = entry.trim().split(':');
      return { id, key: Buffer.from(key, 'base64') };
    }),
    workers: v.IDENTITY_WORKERS,
    timeoutMs: v.IDENTITY_TIMEOUT_MS,
    stripe: v.STRIPE_IDENTITY_SECRET_KEY === undefined ? null : {
      secretKey: v.STRIPE_IDENTITY_SECRET_KEY,
      webhookSecret: v.STRIPE_IDENTITY_WEBHOOK_SECRET as string,
      apiBase: v.STRIPE_API_BASE
    }
  };
}

function readSms(v: ConfigValues): SmsConfig {
  const countries = v.SMS_ALLOWED_COUNTRIES.toUpperCase();
  const required = (name: 'SMS_AUTH_TOKEN' | 'SMS_FROM'): string => {
    const value = v[name];
    if (value === undefined) throw new ConfigError(name, 'is required when SMS_ACCOUNT_SID is set');
    return value;
  };
  // The built-in sink has no provider to report back: it records each message delivered itself.
  if (v.SMS_ACCOUNT_SID === undefined && v.SMS_STATUS_CALLBACK_URL !== undefined) {
    throw new ConfigError('SMS_STATUS_CALLBACK_URL', 'is read only with SMS_ACCOUNT_SID (an SMS provider)');
  }
  return {
    provider: v.SMS_ACCOUNT_SID === undefined ? null : {
      accountSid: v.SMS_ACCOUNT_SID,
      authToken: required('SMS_AUTH_TOKEN'),
      from: required('SMS_FROM'),
      apiUrl: v.SMS_API_URL,
      statusCallbackUrl: v.SMS_STATUS_CALLBACK_URL ?? null
    },
    tenantDailyLimit: v.SMS_TENANT_DAILY_LIMIT,
    allowedCountries: countries === '*' ? null : countries.split(',').map((code) => code.trim())
  };
}

/** SIGNET_SIGNER_CA_P12 or SIGNET_SIGNER_CA_PKCS11_KEY_LABEL (which needs the seal's token), not both. */
function readSignerCa(v: ConfigValues): SignerCaConfig | null {
  if (v.SIGNET_SIGNER_CA_P12 !== undefined && v.SIGNET_SIGNER_CA_PKCS11_KEY_LABEL !== undefined) {
    throw new ConfigError('SIGNET_SIGNER_CA_P12', 'and SIGNET_SIGNER_CA_PKCS11_KEY_LABEL both name a signer CA; set one');
  }
  if (v.SIGNET_SIGNER_CA_P12 !== undefined) return { kind: 'p12', p12: Buffer.from(v.SIGNET_SIGNER_CA_P12, 'base64'), passphrase: v.SIGNET_SIGNER_CA_PASSPHRASE ?? '' };
  if (v.SIGNET_SIGNER_CA_PKCS11_KEY_LABEL === undefined) return null;
  if (v.SIGNET_SEAL_PKCS11_MODULE === undefined) throw new ConfigError('SIGNET_SIGNER_CA_PKCS11_KEY_LABEL', 'needs the token of SIGNET_SEAL_PKCS11_MODULE');
  return { kind: 'pkcs11', keyLabel: v.SIGNET_SIGNER_CA_PKCS11_KEY_LABEL };
}
