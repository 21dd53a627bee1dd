import type { Knex } from 'knex';
import { listenForNotifications, NotificationListener, prepared } from '@signet/db';
import type { Logger } from '@signet/log';
import { OUTBOX_CHANNEL } from './outbox';
import { handledWatermark } from './handled-watermark';
import { createRelayLoop, RelayLoop } from './relay-loop';
import type { EventBus, EventHeaders, OutgoingEvent } from './types';
import type { AnySignetEvent } from '@signet/contracts';

interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  payload: AnySignetEvent;
  headers: EventHeaders;
}

export interface OutboxRelayOptions {
  db: Knex;
  bus: EventBus;
  log: Logger;
  /**
   * How often the relay looks anyway: a safety net, since a commit in this schema wakes it at once, and so
   * does its listening connection coming back (NOTIFYs sent while it was down are lost).
   */
  pollIntervalMs: number;
  batchSize?: number;
}

export type OutboxRelay = RelayLoop;

const PUBLISHED_RETENTION = '1 day';
const PRUNE_EVERY_MS = 60_000;
/** First retry after a failed publish (doubling up to MAX_BACKOFF_MS), or after finding another relay publishing. */
const RETRY_MS = 1_000;
const MAX_BACKOFF_MS = 5_000;

/**
 * Publishes outbox rows in id order and marks them published. One relay per schema works at a time
 * (a transaction-scoped advisory lock), so replicas never reorder or double-publish a batch; a broker
 * outage leaves rows unpublished and the relay retries with back-off: events are delayed, never lost.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const batchSize = options.batchSize ?? 100;
  let lastPrune = 0;
  // The in-memory bus loses what its consumers had not handled when the process stopped: this relay
  // records how far they had got, and its first step publishes again every published row beyond that.
  const watermark = options.bus.keepsEvents ? null : handledWatermark();
  let replayed = options.bus.keepsEvents;

  async function publishAgainUnhandled(): Promise<void> {
    await options.db.raw(`UPDATE outbox SET published_at = NULL
      WHERE published_at IS NOT NULL AND id > (SELECT through_id FROM outbox_handled)`);
    replayed = true;
  }

  /** How many rows it published, or null when another relay holds this outbox. */
  async function publishBatch(): Promise<number | null> {
    const handledThrough = watermark?.due() ?? null;
    const published = await options.db.transaction(async (trx) => {
      // The marks commit without waiting for the disk: a crash of PostgreSQL that loses them only
      // publishes those events again, which every consumer already drops by event id.
      const lock = await prepared('outbox_relay_lock', trx.raw(
        `SELECT set_config('synchronous_commit', 'off', true) AS commit_mode,
                pg_try_advisory_xact_lock(hashtext(current_schema() || '.outbox')) AS locked`
      ));
      if (!lock.rows[0]?.locked) return null;
      if (handledThrough !== null) {
        await prepared('outbox_relay_handled', trx.raw('UPDATE outbox_handled SET through_id = ? WHERE through_id < ?', [handledThrough, handledThrough]));
      }
      // Marked and read in one statement; the marks commit only once the bus has taken the events (a
      // failed publish rolls them back), and nobody else publishes meanwhile (the lock).
      const marked = await prepared('outbox_relay_mark', trx.raw(
        `UPDATE outbox SET published_at = now()
         WHERE id IN (SELECT id FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT ?)
         RETURNING id, topic, key, payload, headers`,
        [batchSize]
      ));
      const rows = (marked.rows as OutboxRow[]).sort((a, b) => Number(a.id) - Number(b.id));
      if (rows.length === 0) return { count: 0, sent: null };
      const events: OutgoingEvent[] = rows.map((row) => ({ topic: row.topic, key: row.key, event: row.payload, headers: row.headers }));
      // A row that breaks its event's contract (written by another version, say) goes to the
      // dead-letter topic: held back, it would hold back every event written after it, for good.
      const sent = await options.bus.publish(events, { deadLetterInvalidAs: 'outbox-relay' });
      return { count: rows.length, sent: { throughId: Number(rows[rows.length - 1]?.id), handled: sent.handled } };
    });
    if (published === null) return null;
    // Only once the marks have committed: a rolled-back batch is published again, and tracked then.
    if (handledThrough !== null) watermark?.recorded(handledThrough);
    if (published.sent?.handled) watermark?.track(published.sent.throughId, published.sent.handled);
    return published.count;
  }

  async function prunePublished(): Promise<void> {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    const old = options.db('outbox').where('published_at', '<', options.db.raw(`now() - interval '${PUBLISHED_RETENTION}'`));
    // A row the in-memory bus's consumers have not handled yet is kept, however old: it may be published again.
    if (watermark) old.where('id', '<=', options.db('outbox_handled').select('through_id'));
    await old.delete();
  }

  const log = options.log.child({ component: 'outbox-relay' });
  const loop = createRelayLoop({
    what: 'outbox publish',
    log,
    pollIntervalMs: options.pollIntervalMs,
    retryMs: RETRY_MS,
    maxBackoffMs: MAX_BACKOFF_MS,
    async step() {
      if (!replayed) await publishAgainUnhandled();
      const published = await publishBatch();
      // The relay holding the outbox publishes what this one was woken for (it hears the same NOTIFY);
      // this one looks again soon in case that relay dies first.
      if (published === null) return 'held';
      await prunePublished();
      return published === batchSize ? 'more' : 'done';
    }
  });
  return wokenOnCommit(options.db, loop, log);
}

/**
 * Every outbox write NOTIFYs with its schema when its transaction commits; the relay of that schema
 * listens and looks at once, in whichever process or replica the write happened.
 */
function wokenOnCommit(db: Knex, loop: RelayLoop, log: Logger): OutboxRelay {
  let listener: NotificationListener | null = null;
  let schema: string | null = null;
  return {
    start() {
      if (listener) return;
      loop.start();
      listener = listenForNotifications(db, {
        channel: OUTBOX_CHANNEL,
        onNotify: (payload) => {
          if (payload === schema) loop.wake();
        },
        onConnected: () => {
          db.raw('SELECT current_schema() AS schema').then((result) => {
            schema = String(result.rows[0].schema);
            loop.wake();
          }, (error: unknown) => log.warn({ err: error }, 'outbox relay could not read its schema'));
        },
        onError: (error) => log.warn({ err: error }, 'outbox wake-up connection failed; polling until it is back')
      });
    },
    wake: () => loop.wake(),
    async stop() {
      await listener?.stop();
      listener = null;
      await loop.stop();
    }
  };
}
