import type { Knex } from 'knex';
import pg from 'pg';

export interface NotificationListener {
  stop(): Promise<void>;
}

export interface ListenOptions {
  channel: string;
  onNotify: (payload: string) => void;
  /** Called once listening, and after each reconnection: notifications sent while disconnected are lost, so look now. */
  onConnected: () => void;
  onError: (error: unknown) => void;
}

const RECONNECT_DELAY_MS = 1000;

export interface NotifyTrigger {
  /** Names both the trigger and its function. */
  name: string;
  table: string;
  /** Which writes notify, as a trigger's event list: `INSERT`, `INSERT OR UPDATE OR DELETE OR TRUNCATE`. */
  on: string;
  channel: string;
}

/**
 * A migration step: every statement of the kind `on` against `table` sends `NOTIFY channel` with the
 * table's schema as payload. PostgreSQL delivers it when the transaction commits, once per transaction
 * and payload, and the write pays no round trip of its own.
 */
export async function createNotifyTrigger(knex: Knex, trigger: NotifyTrigger): Promise<void> {
  await knex.raw(`CREATE FUNCTION ${trigger.name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${trigger.channel}', TG_TABLE_SCHEMA);
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER ${trigger.name} AFTER ${trigger.on} ON ${trigger.table} FOR EACH STATEMENT EXECUTE FUNCTION ${trigger.name}()`);
}

/**
 * One LISTEN connection per database a process uses, shared by every listener on it: monolith mode runs
 * seven parts on one database, and a connection each would crowd PostgreSQL's connection limit.
 */
interface Hub {
  listeners: Set<ListenOptions>;
  client: pg.Client | null;
  listening: Set<string>;
  retryTimer: NodeJS.Timeout | null;
}

const hubs = new Map<string, Hub>();

/**
 * The settings a knex pool connects with (knex has parsed the URL): LISTEN needs a connection outside the
 * pool. knex keeps the password as a non-enumerable property, which a spread would drop; the transaction
 * a migration runs in has it only in its configuration.
 */
export function connectionSettingsOf(db: Knex): pg.ClientConfig {
  const settings = db.client.connectionSettings as pg.ClientConfig;
  const configured = (db.client.config as { connection?: pg.ClientConfig | string }).connection;
  const configuredPassword = typeof configured === 'object' ? configured.password : undefined;
  return { ...settings, password: settings.password ?? configuredPassword };
}

async function listenOn(hub: Hub, client: pg.Client, channel: string): Promise<void> {
  if (hub.listening.has(channel)) return;
  hub.listening.add(channel);
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
}

function scheduleReconnect(key: string, hub: Hub, settings: pg.ClientConfig): void {
  if (hub.retryTimer || hub.listeners.size === 0) return;
  hub.retryTimer = setTimeout(() => {
    hub.retryTimer = null;
    void connect(key, hub, settings);
  }, RECONNECT_DELAY_MS);
  hub.retryTimer.unref();
}

async function connect(key: string, hub: Hub, settings: pg.ClientConfig): Promise<void> {
  // Keepalive probes stop a network device from dropping this connection while it waits, silently: its
  // listeners would hear nothing until their safety-net poll.
  const client = new pg.Client({ ...settings, keepAlive: true });
  const failed = (error: unknown) => {
    for (const listener of hub.listeners) listener.onError(error);
    client.end().catch(() => undefined);
    if (hub.client === client) hub.client = null;
    scheduleReconnect(key, hub, settings);
  };
  client.on('notification', (message) => {
    for (const listener of hub.listeners) if (listener.channel === message.channel) listener.onNotify(message.payload ?? '');
  });
  client.on('error', failed);
  try {
    await client.connect();
    hub.listening = new Set();
    for (const listener of hub.listeners) await listenOn(hub, client, listener.channel);
  } catch (error) {
    failed(error);
    return;
  }
  if (hub.listeners.size === 0) {
    await client.end().catch(() => undefined);
    return;
  }
  hub.client = client;
  for (const listener of hub.listeners) listener.onConnected();
}

/**
 * LISTENs on a channel and keeps listening across dropped connections. PostgreSQL delivers a NOTIFY
 * sent inside a transaction only when that transaction commits, which is what makes it a wake-up "on
 * commit"; a caller must still poll now and then, since a notification sent while disconnected is lost.
 */
export function listenForNotifications(db: Knex, options: ListenOptions): NotificationListener {
  const settings = connectionSettingsOf(db);
  const key = JSON.stringify(settings);
  let hub = hubs.get(key);
  if (!hub) {
    hub = { listeners: new Set(), client: null, listening: new Set(), retryTimer: null };
    hubs.set(key, hub);
    hub.listeners.add(options);
    void connect(key, hub, settings);
  } else {
    hub.listeners.add(options);
    const client = hub.client;
    if (client) listenOn(hub, client, options.channel).then(() => options.onConnected(), (error: unknown) => options.onError(error));
  }
  const joined = hub;

  return {
    async stop() {
      joined.listeners.delete(options);
      if (joined.listeners.size > 0) return;
      hubs.delete(key);
      if (joined.retryTimer) clearTimeout(joined.retryTimer);
      const client = joined.client;
      joined.client = null;
      await client?.end().catch(() => undefined);
    }
  };
}
