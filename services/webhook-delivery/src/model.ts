import type { DeliveryStatus, WebhookEventType } from '@signet/contracts';
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
  event_type: WebhookEventType;
  status: DeliveryStatus;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** A delivery as the log shows it: with its next attempt's due time while it is PENDING. */
export interface ListedDelivery extends DeliveryRow {
  next_attempt_at: Date | null;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
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
