import type { AttemptRow, DeliveryDetail, ListedDelivery, LoggedAttempt } from '../model';

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

function attemptView(attempt: LoggedAttempt) {
  return {
    attempt: attempt.attempt,
    attempted_at: attempt.attempted_at.toISOString(),
    status_code: attempt.status_code,
    duration_ms: attempt.duration_ms,
    error: attempt.error,
    response_body: attempt.response_body
  };
}

/** A delivery with every attempt it has made, as the delivery log shows it. */
export function deliveryView(row: ListedDelivery, attempts: LoggedAttempt[]) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: attempts.map(attemptView),
    next_attempt_at: row.status === 'PENDING' ? iso(row.next_attempt_at) : null,
    created_at: row.created_at.toISOString(),
    completed_at: iso(row.completed_at)
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

/** A single delivery: as the log shows it, with the body its attempts sent and each attempt's headers. */
export function deliveryDetailView(row: DeliveryDetail, attempts: AttemptRow[]) {
  return {
    ...deliveryView(row, attempts),
    attempts: attempts.map((attempt) => ({ ...attemptView(attempt), request_headers: attempt.request_headers, response_headers: attempt.response_headers })),
    request_body: row.body
  };
}

export type DeliveryDetailView = ReturnType<typeof deliveryDetailView>;
