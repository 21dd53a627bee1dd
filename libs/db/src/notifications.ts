import type { Knex } from 'knex';
import pg from 'pg';

export interface NotificationListener {
  stop(): Promise<void>;
}

export interface ListenOptions {
  channel: string;
  onNotify: (payload: string) => void;
  /** Called after each (re)connection: notifications sent while disconnected are lost, so look now. */
  onConnected: () => void;
  onError: (error: unknown) => void;
  reconnectDelayMs?: number;
}

/** The settings a knex pool connects with (knex has parsed the URL): LISTEN needs a connection of its own, outside the pool. */
function connectionSettingsOf(db: Knex): pg.ClientConfig {
  return { ...(db.client.connectionSettings as pg.ClientConfig) };
}

/**
 * Holds one connection LISTENing on a channel and reconnects when it drops. PostgreSQL delivers a
 * NOTIFY sent inside a transaction only when that transaction commits, which is what makes it a
 * wake-up "on commit"; a caller must still poll now and then, because a notification sent while this
 * connection was down is never delivered.
 */
export function listenForNotifications(db: Knex, options: ListenOptions): NotificationListener {
  const settings = connectionSettingsOf(db);
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;

  function scheduleReconnect(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, reconnectDelayMs);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client(settings);
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      options.onError(error);
      next.end().catch(() => undefined);
      if (client === next) client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
    } catch (error) {
      options.onError(error);
      await next.end().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    options.onConnected();
  }

  void connect();

  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    }
  };
}

