import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** A code email or SMS waiting to be sent: which code it carries, and the message sealed for it. */
export interface QueuedMessage {
  id: string;
  code_id: string;
  sealed: Buffer | null;
}

/** How it ended: sent; refused for good by the server or provider; dropped unsent (its code is no longer usable, or it cannot be opened). */
export type MessageOutcome = 'sent' | 'refused' | 'dropped' | 'retry';

/**
 * What differs between a code's email and its SMS; everything else about sending one is the same
 * (deliver-code-message.ts).
 */
export interface CodeChannel<Message, Sent> {
  /** For log lines: `code email`, `code SMS`. */
  what: string;
  /** The message still waiting to be sent, or null when it was sent, dropped or deleted meanwhile. */
  waiting(db: Db, id: string): Promise<QueuedMessage | null>;
  open(sealed: Buffer, id: string): Message;
  send(message: Message): Promise<Sent>;
  /** A refusal that no retry can change (the recipient's address or number refused for good). */
  refusal(error: unknown): { detail: Record<string, unknown> } | null;
  /** Records the end of a message that was not sent (refused, dropped). */
  ended(db: Db, id: string, outcome: 'refused' | 'dropped', error: string | null, at: Date): Promise<void>;
  /** Records a sent message, in the transaction that records the code's `sent_at`. */
  sent(trx: Knex.Transaction, id: string, sent: Sent, at: Date): Promise<void>;
  count(outcome: MessageOutcome): void;
}
