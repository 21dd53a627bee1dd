import type { ListedDeadLetter } from '../model';

/** A dead letter as the API shows it: so far, always a webhook delivery's. */
export function deadLetterView(row: ListedDeadLetter) {
  return {
    id: row.id,
    kind: 'webhook.delivery' as const,
    webhook_id: row.webhook_id,
    delivery_id: row.delivery_id,
    event_id: row.event_id,
    event_type: row.event_type,
    attempts: row.attempts,
    last_error: row.last_error,
    last_status_code: row.last_status_code,
    failed_at: row.failed_at.toISOString(),
    retried_at: row.retried_at?.toISOString() ?? null
  };
}

export type DeadLetterView = ReturnType<typeof deadLetterView>;
