/** An event as bytes on the wire, the same for Kafka and the in-memory bus. */
export interface WireRecord {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
  /**
   * Set by this process's publisher on a record whose event it has just checked against its contract: a
   * consumer in the same process (the in-memory bus) need not check it again. A broker never carries it.
   */
  checked?: true;
}

/**
 * What a send gave: `handled` is null where the broker keeps records across restarts (Kafka); where they
 * live only in this process (the in-memory bus), it resolves once every consumer group has handled them,
 * and never if the process stops first.
 */
export interface Sent {
  handled: Promise<void> | null;
}

/**
 * What a broker must do for the bus: append records, and feed each consumer group's records to a
 * handler in order per key, redelivering a record whose handler threw (offset not committed).
 */
export interface Transport {
  /** False when records live only in this process, so a restart loses those not yet handled. */
  keepsRecords: boolean;
  send(records: WireRecord[]): Promise<Sent>;
  consume(groupId: string, topics: readonly string[], onRecord: (record: WireRecord) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  check(): Promise<void>;
}
