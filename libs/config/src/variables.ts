/**
 * Every environment variable Signet reads, with its default and meaning. The README's configuration
 * table is checked against this list by a test, so the two cannot drift apart.
 */
export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'Port of the gateway (or of the single part a process runs); 0 picks a free one' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the public port binds to' },
  { name: 'PUBLIC_BASE_URL', default: 'http://localhost:$PORT', description: 'Base URL integrators and signers reach the gateway at' },
  { name: 'DATA_DIR', default: './.data', description: 'Embedded PostgreSQL data, filesystem blobs and the development key (monolith mode)' },
  { name: 'DATABASE_URL', default: '(embedded PostgreSQL)', description: 'PostgreSQL server; each part keeps its tables in a schema named after it' },
  { name: 'EMBEDDED_POSTGRES_PORT', default: '54329', description: 'Port of the embedded PostgreSQL when DATABASE_URL is not set' },
  { name: 'KAFKA_BROKERS', default: '(in-memory bus)', description: 'Comma-separated Kafka bootstrap servers; required unless every part runs in one process' },
  { name: 'KAFKA_CLIENT_ID', default: 'signet', description: 'Kafka client id' },
  { name: 'KAFKA_CONNECTION_TIMEOUT_MS', default: '3000', description: 'Kafka connection timeout' },
  { name: 'KAFKA_REQUEST_TIMEOUT_MS', default: '30000', description: 'Kafka request timeout' },
  { name: 'KAFKA_SESSION_TIMEOUT_MS', default: '30000', description: 'Kafka consumer-group session timeout' },
  { name: 'KAFKA_HEARTBEAT_INTERVAL_MS', default: '3000', description: 'Kafka consumer-group heartbeat interval' },
  { name: 'KAFKA_FETCH_MAX_WAIT_MS', default: '500', description: 'Longest a consumer fetch waits for new events (latency against broker load)' },
  { name: 'S3_BUCKET', default: '(filesystem under DATA_DIR/blobs)', description: 'S3 bucket for documents, signed PDFs and evidence; setting it selects the S3 store' },
  { name: 'S3_ENDPOINT', default: '(AWS)', description: 'S3-compatible endpoint, e.g. MinIO' },
  { name: 'S3_REGION', default: 'us-east-1', description: 'S3 region' },
  { name: 'S3_ACCESS_KEY_ID', default: '(SDK default chain)', description: 'S3 access key id' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(SDK default chain)', description: 'S3 secret access key' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'false', description: 'Path-style bucket addressing (MinIO and most S3-compatible servers need true)' },
  { name: 'SMTP_URL', default: '(built-in mail sink)', description: 'SMTP server for outgoing mail, e.g. smtp://user:pass@mail:587; without it mail is kept and shown at /dev/mail' },
  { name: 'MAIL_FROM', default: 'no-reply@signet.localhost', description: 'Sender address of emails whose settings give no branding.sender_email (the display name is signature_flow.sender_name)' },
  { name: 'SIGNET_INTERNAL_SECRET', default: '(random, kept in DATA_DIR/internal-secret, when every part runs in one process)', description: 'HMAC secret of gateway-to-service calls and filesystem download links, and the source of the keys validation codes are hashed, waiting emails and the generated seal keys encrypted with; required when parts run in separate processes' },
  { name: 'SIGNET_SEAL_P12', default: '(development CA, generated once, kept encrypted in the database)', description: 'Base64 PKCS#12 file of the certificate (and its chain) that seals signed PDFs and evidence sheets (PAdES)' },
  { name: 'SIGNET_SEAL_PASSPHRASE', default: '(empty)', description: 'Passphrase of SIGNET_SEAL_P12' },
  { name: 'SIGNET_SEAL_PKCS11_MODULE', default: '(none)', description: 'Path of a PKCS#11 module (an HSM\'s .so): the seal key then stays in the token' },
  { name: 'SIGNET_SEAL_PKCS11_TOKEN', default: '(none)', description: 'Label of the PKCS#11 token holding the seal key' },
  { name: 'SIGNET_SEAL_PKCS11_PIN', default: '(none)', description: 'User PIN of the PKCS#11 token' },
  { name: 'SIGNET_SEAL_PKCS11_KEY_LABEL', default: '(none)', description: 'CKA_LABEL of the seal\'s private key in the token' },
  { name: 'SIGNET_SEAL_CHAIN_PEM', default: '(none)', description: 'PEM certificates of the PKCS#11 key, the seal certificate first, then its CAs' },
  { name: 'TSA_URL', default: '(built-in development TSA with the development CA, else none)', description: 'Comma-separated RFC 3161 timestamp authority URLs, tried in order (failover); signatures get a signature timestamp and documents an archive timestamp' },
  { name: 'TSA_USERNAME', default: '(none)', description: 'HTTP basic user name for TSA_URL' },
  { name: 'TSA_PASSWORD', default: '(none)', description: 'HTTP basic password for TSA_URL' },
  { name: 'ARCHIVE_TIMESTAMP_RENEW_DAYS', default: '30', description: 'Days before the TSA certificate of a signed PDF\'s last document timestamp expires that a new one is added (PAdES B-LTA renewal)' },
  { name: 'ARCHIVE_TIMESTAMP_POLL_INTERVAL_MS', default: '3600000', description: 'How often the envelope service looks for signed PDFs whose archive timestamp is due for renewal' },
  { name: 'TSA_TIMEOUT_MS', default: '10000', description: 'Longest one timestamp request to one TSA may take before the next URL is tried' },
  { name: 'SIGNET_BOOTSTRAP_API_KEYS', default: '(none)', description: 'Comma-separated key:tenant:plan API keys that exist after start' },
  { name: 'LOG_LEVEL', default: 'info', description: 'trace, debug, info, warn, error, fatal or silent' },
  { name: '<PART>_URL', default: '(in-process)', description: 'Base URL of a part running elsewhere, e.g. SETTINGS_URL, WEBHOOK_DELIVERY_URL' },
  { name: '<PART>_PORT', default: '(PORT, or a loopback port)', description: 'Port a part listens on when a process runs several parts, e.g. SETTINGS_PORT' },
  { name: 'OUTBOX_POLL_INTERVAL_MS', default: '250', description: 'How often the outbox relay looks for unpublished events' },
  { name: 'CONSUMER_RETRY_INITIAL_MS', default: '500', description: 'First back-off of a consumer retrying a failed event' },
  { name: 'CONSUMER_RETRY_MAX_MS', default: '30000', description: 'Longest back-off of a consumer retrying a failed event' },
  { name: 'ENTERPRISE_ENVELOPES_PER_HOUR', default: '1000', description: 'Envelope creations per hour of enterprise keys without their own limit' },
  { name: 'ENTERPRISE_ENVELOPES_PER_DAY', default: '10000', description: 'Envelope creations per day of enterprise keys without their own limit' },
  { name: 'TRUST_PROXY', default: '(none)', description: 'Proxies in front of the gateway whose X-Forwarded-For is believed: a hop count, or addresses/CIDRs and loopback, linklocal, uniquelocal. Decides the signer IP recorded and the address public rate limits count' },
  { name: 'PUBLIC_RATE_LIMIT_PER_MINUTE', default: '600', description: 'Requests per minute one client address may make to the keyless routes (signing, tracking, bounces), per gateway replica' },
  { name: 'WEBHOOK_TIMEOUT_MS', default: '10000', description: 'Longest one webhook delivery attempt may take, connecting to reading the answer' },
  { name: 'WEBHOOK_RETRY_DELAY_MS', default: '5000', description: 'Wait between webhook delivery attempts (spec 6: 3 attempts, 5 seconds apart)' },
  { name: 'WEBHOOK_ALLOW_LOOPBACK', default: 'true without DATABASE_URL, else false', description: 'Let webhooks reach loopback addresses (development only; private, link-local and metadata addresses are always refused)' },
  { name: 'WEBHOOK_CONCURRENCY', default: '16', description: 'Webhook deliveries one webhook-delivery process makes at once' },
  { name: 'WEBHOOK_POLL_INTERVAL_MS', default: '500', description: 'How often the delivery worker looks for deliveries that have come due' },
  { name: 'WEBHOOK_RETENTION_DAYS', default: '30', description: 'Days a finished delivery and its attempts are kept' },
  { name: 'WEBHOOK_MAX_PAYLOAD_BYTES', default: '5242880', description: 'Largest event body a webhook delivery sends; a larger one fails and can be redelivered once raised' }
];
