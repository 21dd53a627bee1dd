import { rmSync } from 'node:fs';
import knex, { Knex } from 'knex';
import type { ConsumedEvent } from '@signet/bus';
import type { EventType } from '@signet/contracts';
import type { PartName } from '@signet/config';
import type { Clock } from '@signet/service';
import { checkAnswersFrom, createTestDatabase, freePort, MockBroker, startMockBroker, TestDatabase } from '@signet/testkit';
import { RunningSignet, startSignet } from '../src';
import { AVAILABLE_PARTS } from '../src/registry';

export const KEYS = {
  acme: 'acme-starter-key-1',
  acmeSecond: 'acme-second-key-2',
  globex: 'globex-enterprise-key',
  globexSecond: 'globex-second-key'
} as const;

export const BOOTSTRAP_KEYS = `${KEYS.acme}:acme:starter,${KEYS.acmeSecond}:acme:professional,${KEYS.globex}:globex:enterprise,${KEYS.globexSecond}:globex:enterprise`;

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export const INTERNAL_SECRET = 'test-internal-secret';

/** Every event of these types that the running system publishes, in arrival order. */
export const OBSERVED_TYPES: EventType[] = [
  'settings.updated', 'envelope.created', 'envelope.updated', 'envelope.in_progress', 'envelope.voided', 'recipient.link_generated', 'recipient.in_progress',
  'recipient.signed_all', 'recipient.rejected', 'envelope.success', 'envelope.evidence_generated',
  'recipient.email_sent', 'recipient.email_received', 'recipient.email_bounced', 'recipient.email_opened', 'recipient.email_clicked',
  'envelope.file_uploaded', 'document.processed', 'batch.completed', 'recipient.approved', 'recipient.witnessed', 'recipient.viewed', 'recipient.copied',
  'recipient.validation_code_generated', 'recipient.validation_code_sent', 'recipient.validation_code_success', 'recipient.validation_code_failed',
  'recipient.validation_code_expired', 'recipient.validation_max_attempts',
  'envelope.expired', 'envelope.extended', 'envelope.reactivated', 'recipient.reminder_sent', 'recipient.expiry_warning_sent',
  ...(['id_check', 'biometric'] as const).flatMap((check) => (['started', 'success', 'failed', 'locked', 'expired', 'reset'] as const).map((step) => `recipient.validation_${check}_${step}` as const)),
  'recipient.validation_identity_consented', 'recipient.validation_identity_redacted', 'recipient.consented', 'recipient.consent_withdrawn'
];

export interface TestSignet {
  signet: RunningSignet;
  events: ConsumedEvent[];
  /** The test database, to read a part's own tables by their schema (`envelope.outbox`); see part-tables.ts. */
  tables: Knex;
  url: string;
  call(method: string, path: string, options?: { key?: string | null; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> }): Promise<ApiResponse>;
  close(): Promise<void>;
}

/** A request body from a test's options: JSON, or a multipart form of its fields. */
export function bodyOf(options: { json?: unknown; form?: Record<string, string> }): string | FormData | undefined {
  if (options.json !== undefined) return JSON.stringify(options.json);
  if (options.form === undefined) return undefined;
  const form = new FormData();
  for (const [name, value] of Object.entries(options.form)) form.append(name, value);
  return form;
}

/** Signet in this process on a fresh database: the same start path as `npm start`, with test keys. */
export async function startTestSignet(env: Record<string, string> = {}, parts: PartName[] = AVAILABLE_PARTS, clock?: Clock): Promise<TestSignet> {
  const database: TestDatabase = await createTestDatabase();
  const events: ConsumedEvent[] = [];
  const port = await freePort();
  const signet = await startSignet({
    parts,
    clock,
    env: {
      DATABASE_URL: database.url, PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, HOST: '127.0.0.1', DATA_DIR: `/tmp/signet-test-${port}`, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', SIGNET_BOOTSTRAP_API_KEYS: BOOTSTRAP_KEYS,
      SIGNET_INTERNAL_SECRET: INTERNAL_SECRET,
      // The outbox relays and job runners keep their rare safety-net polls: work reaches them by wake-ups, as in production.
      // Tests poll public routes far faster than people click: the limit is tested where it is set.
      PUBLIC_RATE_LIMIT_PER_MINUTE: '10000000', ...env
    },
    subscriptions: [{ groupId: `test-observer-${database.url.split('/').pop()}`, topics: OBSERVED_TYPES, handle: async (event) => {
      events.push(event);
    } }]
  });
  const url = signet.gatewayUrl as string;
  const tables = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  // Every answer this Signet's gateway gives a test, through `call` or any other fetch, is checked against docs/openapi.json.
  if (signet.gatewayUrl) checkAnswersFrom(signet.gatewayUrl);
  return {
    signet,
    events,
    tables,
    url,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? KEYS.acme : options.key;
      if (key !== null) headers.authorization = key;
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${url}${path}`, { method, headers, body: bodyOf(options) });
      const text = await response.text();
      const body = text ? JSON.parse(text) : {};
      return { status: response.status, headers: response.headers, body };
    },
    async close() {
      await tables.destroy();
      await signet.stop();
      await database.drop();
      rmSync(signet.config.dataDir, { recursive: true, force: true });
    }
  };
}

export interface Infrastructure {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The two ways end-to-end tests run: monolith mode on the in-memory bus, and Kafka (librdkafka's mock cluster). */
export const INFRASTRUCTURE_MODES: Array<[string, () => Promise<Infrastructure>]> = [
  ['monolith mode (in-memory bus)', async () => ({ env: {}, close: async () => undefined })],
  ['Kafka and PostgreSQL', async () => {
    const broker: MockBroker = await startMockBroker();
    return {
      env: { KAFKA_BROKERS: broker.brokers.join(','), KAFKA_FETCH_MAX_WAIT_MS: '100', KAFKA_HEARTBEAT_INTERVAL_MS: '500', KAFKA_SESSION_TIMEOUT_MS: '10000' },
      close: () => broker.stop()
    };
  }]
];
