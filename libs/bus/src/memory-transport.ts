import { EventEmitter } from 'node:events';
import type { Transport, WireRecord } from './transport';

interface GroupCursor {
  offsets: Map<string, number>;
  members: Array<(record: WireRecord) => Promise<void>>;
  next: number;
}

const REDELIVERY_DELAY_MS = 10;

/**
 * An in-process broker with Kafka's semantics for one process: an append-only log per topic, consumer
 * groups that each see every record from the beginning, records handed out one at a time per topic
 * (so per-key order holds), and a record redelivered until its handler succeeds (at-least-once).
 */
export function createMemoryTransport(): Transport & { records(topic: string): readonly WireRecord[] } {
  const logs = new Map<string, WireRecord[]>();
  const groups = new Map<string, GroupCursor>();
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  let running = true;
  const loops: Promise<void>[] = [];

  function logOf(topic: string): WireRecord[] {
    let log = logs.get(topic);
    if (!log) {
      log = [];
      logs.set(topic, log);
    }
    return log;
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

  async function consumeTopic(cursor: GroupCursor, topic: string): Promise<void> {
    while (running) {
      const offset = cursor.offsets.get(topic) ?? 0;
      const record = logOf(topic)[offset];
      if (!record) {
        await nextAppend(topic);
        continue;
      }
      const member = cursor.members[cursor.next % cursor.members.length] as (record: WireRecord) => Promise<void>;
      cursor.next += 1;
      try {
        await member(record);
        cursor.offsets.set(topic, offset + 1);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, REDELIVERY_DELAY_MS));
      }
    }
  }

  return {
    async send(records) {
      for (const record of records) logOf(record.topic).push({ ...record, headers: { ...record.headers } });
      for (const topic of new Set(records.map((record) => record.topic))) appended.emit(topic);
    },
    async consume(groupId, topics, onRecord) {
      let cursor = groups.get(groupId);
      const isNewGroup = !cursor;
      if (!cursor) {
        cursor = { offsets: new Map(), members: [], next: 0 };
        groups.set(groupId, cursor);
      }
      cursor.members.push(onRecord);
      if (isNewGroup) for (const topic of topics) loops.push(consumeTopic(cursor, topic));
    },
    async stop() {
      running = false;
      appended.emit('stop');
      await Promise.all(loops);
    },
    async check() {
      if (!running) throw new Error('in-memory bus stopped');
    },
    records: (topic) => logOf(topic)
  };
}
