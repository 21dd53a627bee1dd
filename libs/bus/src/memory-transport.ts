import { EventEmitter } from 'node:events';
import type { Transport, WireRecord } from './transport';

interface GroupCursor {
  offsets: Map<string, number>;
  members: Array<(record: WireRecord) => Promise<void>>;
  next: number;
}

/** One topic's log: `records[0]` sits at offset `base`; what every group has consumed is dropped. */
interface TopicLog {
  base: number;
  records: WireRecord[];
  groups: Set<GroupCursor>;
}

const REDELIVERY_DELAY_MS = 10;
/** A topic nobody consumes keeps its newest records only, as a broker's retention would. */
const UNCONSUMED_RETENTION = 1000;

/**
 * An in-process broker with Kafka's semantics for one process: an append-only log per topic, consumer
 * groups that each see every record still retained, records handed out one at a time per topic (so
 * per-key order holds), and a record redelivered until its handler succeeds (at-least-once). Records
 * every group has consumed are dropped, so a long-running process does not keep every event it ever sent.
 * Nothing survives the process: a send says when its records have been handled, so the outbox relay can
 * publish again after a restart what was not.
 */
export function createMemoryTransport(): Transport & { retained(topic: string): number } {
  const logs = new Map<string, TopicLog>();
  const groups = new Map<string, GroupCursor>();
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  // Told whenever a group moves past a record, so a sender waiting for its records to be handled can look.
  const advanced = new EventEmitter();
  advanced.setMaxListeners(0);
  let running = true;
  const loops: Promise<void>[] = [];

  function logOf(topic: string): TopicLog {
    let log = logs.get(topic);
    if (!log) {
      log = { base: 0, records: [], groups: new Set() };
      logs.set(topic, log);
    }
    return log;
  }

  function trim(log: TopicLog, topic: string): void {
    let keepFrom = log.base + log.records.length - UNCONSUMED_RETENTION;
    if (log.groups.size > 0) keepFrom = Math.min(...[...log.groups].map((group) => group.offsets.get(topic) ?? log.base));
    if (keepFrom <= log.base) return;
    log.records.splice(0, keepFrom - log.base);
    log.base = keepFrom;
  }

  function nextAppend(topic: string): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        appended.off(topic, wake);
        appended.off('stop', wake);
        resolve();
      };
      appended.on(topic, wake);
      appended.on('stop', wake);
    });
  }

  /** Every group of each topic past its offset; a group that joins later starts after them. */
  function isHandled(lastOffsets: Map<string, number>): boolean {
    for (const [topic, offset] of lastOffsets) {
      const log = logOf(topic);
      for (const group of log.groups) if ((group.offsets.get(topic) ?? log.base) <= offset) return false;
    }
    return true;
  }

  /** Resolves once every group has handled the records; stays pending if the bus stops first (they were not). */
  function handledThrough(lastOffsets: Map<string, number>): Promise<void> {
    return new Promise((resolve) => {
      const look = () => {
        if (!isHandled(lastOffsets)) return;
        advanced.off('advanced', look);
        resolve();
      };
      advanced.on('advanced', look);
      look();
    });
  }

  async function consumeTopic(cursor: GroupCursor, topic: string): Promise<void> {
    const log = logOf(topic);
    while (running) {
      const offset = Math.max(cursor.offsets.get(topic) ?? log.base, log.base);
      const record = log.records[offset - log.base];
      if (!record) {
        await nextAppend(topic);
        continue;
      }
      const member = cursor.members[cursor.next % cursor.members.length] as (record: WireRecord) => Promise<void>;
      cursor.next += 1;
      try {
        await member(record);
        cursor.offsets.set(topic, offset + 1);
        trim(log, topic);
        advanced.emit('advanced');
      } catch {
        await new Promise((resolve) => setTimeout(resolve, REDELIVERY_DELAY_MS));
      }
    }
  }

  return {
    keepsRecords: false,
    async send(records) {
      const lastOffsets = new Map<string, number>();
      for (const record of records) {
        const log = logOf(record.topic);
        log.records.push({ ...record, headers: { ...record.headers } });
        lastOffsets.set(record.topic, log.base + log.records.length - 1);
      }
      for (const topic of lastOffsets.keys()) {
        const log = logOf(topic);
        if (log.groups.size === 0) trim(log, topic);
        appended.emit(topic);
      }
      return { handled: handledThrough(lastOffsets) };
    },
    async consume(groupId, topics, onRecord) {
      let cursor = groups.get(groupId);
      const isNewGroup = !cursor;
      if (!cursor) {
        cursor = { offsets: new Map(), members: [], next: 0 };
        groups.set(groupId, cursor);
      }
      cursor.members.push(onRecord);
      if (!isNewGroup) return;
      for (const topic of topics) {
        const log = logOf(topic);
        cursor.offsets.set(topic, log.base);
        log.groups.add(cursor);
        loops.push(consumeTopic(cursor, topic));
      }
    },
    async stop() {
      running = false;
      appended.emit('stop');
      await Promise.all(loops);
      advanced.removeAllListeners();
    },
    async check() {
      if (!running) throw new Error('in-memory bus stopped');
    },
    retained: (topic) => logOf(topic).records.length
  };
}
