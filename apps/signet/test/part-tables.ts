import type { AnySignetEvent, EventType } from '@signet/contracts';
import type { TestSignet } from './harness';

/**
 * A part's own record of what it decided, for tests that show something did NOT happen. Its outbox holds
 * every event it announced, written in the transaction that decided it; its inbox every event one of its
 * consumers handled, in the transaction that applied it. Read once the decision is known to be made (an
 * answer received, the consumer seen to have handled the event), they are final however far behind the
 * bus or a worker is; an event that has not shown up yet after some wait proves nothing.
 */
export async function announced(api: TestSignet, schema: string, eventType: EventType, key: string): Promise<AnySignetEvent[]> {
  const rows: Array<{ payload: AnySignetEvent }> = await api.tables(`${schema}.outbox`).where({ topic: eventType, key }).orderBy('id').select('payload');
  return rows.map((row) => row.payload);
}

/** Whether the part's consumer (its inbox name, e.g. `lifecycle-mails`) has handled the event, whatever it did with it. */
export async function handled(api: TestSignet, schema: string, consumer: string, eventId: string): Promise<boolean> {
  return (await api.tables(`${schema}.inbox`).where({ consumer, event_id: eventId }).first()) !== undefined;
}
