import type { DeliveredEventType, DeliveryStatus, WebhookEventType } from '@signet/contracts';
import type { RetrySchedule } from './retry-schedule';

/** Webhooks belong to the API key that created them, within its tenant. */
export interface Owner {
  tenantId: string;
  apiKeyId: string;
}

export interface WebhookRow {
  id: string;
  tenant_id: string;
  api_key_id: string;
  url: string;
  subscriptions: WebhookEventType[];
  auth: string | null;
  signing_secret: string;
  /** The secret the last rotation replaced, still signing deliveries until `previous_secret_expires_at`. */
  previous_signing_secret: string | null;
  previous_secret_expires_at: Date | null;
  retry_schedule: RetrySchedule;
  created_at: Date;
  updated_at: Date;
}

export { DELIVERY_STATUSES, type DeliveryStatus } from '@signet/contracts';

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: DeliveredEventType;
  status: DeliveryStatus;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** A delivery as the log shows it: with its next attempt's due time while it is PENDING. */
export interface ListedDelivery extends DeliveryRow {
  next_attempt_at: Date | null;
}

/** Header names in lower case and their values, as an attempt sent or received them. */
export type HeaderMap = Record<string, string>;

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
  /** The headers sent, the webhook's auth hidden; null for attempts made before they were kept. */
  request_headers: HeaderMap | null;
  /** The first of the answer's headers; null when no answer came. */
  response_headers: HeaderMap | null;
}

/** The delivery log's columns of an attempt: the headers are shown with a single delivery only. */
export type LoggedAttempt = Omit<AttemptRow, 'request_headers' | 'response_headers'>;

/** A single delivery as shown on its own: with the body its attempts sent, and every attempt in full. */
export interface DeliveryDetail extends ListedDelivery {
  body: string;
}

/** A delivery that ran out of its retry schedule, as recorded when it did. */
export interface DeadLetterRow {
  id: string;
  delivery_id: string;
  webhook_id: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  failed_at: Date;
  retried_at: Date | null;
}

/** A dead letter with what its delivery carries. */
export interface ListedDeadLetter extends DeadLetterRow {
  event_id: string;
  event_type: DeliveredEventType;
}

/** What an attempt of a delivery needs: where it goes, how it is signed and retried, and the body. */
export interface DeliveryTarget {
  id: string;
  event_id: string;
  url: string;
  auth: string | null;
  signing_secret: string;
  previous_signing_secret: string | null;
  previous_secret_expires_at: Date | null;
  retry_schedule: RetrySchedule;
  body: string;
}
