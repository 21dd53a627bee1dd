/** An event as bytes on the wire, the same for Kafka and the in-memory bus. */
export interface WireRecord {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

/**
 * What a broker must do for the bus: append records, and feed each consumer group's records to a
 * handler in order per key, redelivering a record whose handler threw (offset not committed).
 */
export interface Transport {
  send(records: WireRecord[]): Promise<void>;
  consume(groupId: string, topics: readonly string[], onRecord: (record: WireRecord) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  check(): Promise<void>;
}
