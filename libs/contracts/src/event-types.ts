/**
 * The API's events (kind `api` in docs/events.md), in their fixed order. Webhook subscriptions accept these
 * and Signet's own alike (WEBHOOK_EVENT_TYPES, checked with isWebhookEventType).
 */
export const SPEC_EVENT_TYPES = [
  'envelope.in_progress',
  'envelope.success',
  'envelope.voided',
  'envelope.evidence_generated',
  'envelope.file_uploaded',
  'recipient.email_sent',
  'recipient.email_received',
  'recipient.email_opened',
  'recipient.email_clicked',
  'recipient.email_bounced',
  'recipient.link_generated',
  'recipient.in_progress',
  'recipient.signed_all',
  'recipient.rejected',
  'recipient.validation_code_generated',
  'recipient.validation_code_sent',
  'recipient.validation_code_success',
  'recipient.validation_code_failed',
  'recipient.validation_code_expired',
  'recipient.validation_max_attempts'
] as const;

/** Signet's own events for integrators, beyond the API's envelope and recipient events: delivered to webhooks like those. */
export const SIGNET_EVENT_TYPES = [
  'batch.completed',
  'envelope.expired',
  'envelope.extended',
  'envelope.reactivated',
  'recipient.reminder_sent',
  'recipient.expiry_warning_sent',
  'recipient.approved',
  'recipient.witnessed',
  'recipient.viewed',
  'recipient.copied',
  'recipient.validation_id_check_started',
  'recipient.validation_id_check_success',
  'recipient.validation_id_check_failed',
  'recipient.validation_id_check_locked',
  'recipient.validation_id_check_expired',
  'recipient.validation_id_check_reset',
  'recipient.validation_biometric_started',
  'recipient.validation_biometric_success',
  'recipient.validation_biometric_failed',
  'recipient.validation_biometric_locked',
  'recipient.validation_biometric_expired',
  'recipient.validation_biometric_reset',
  'recipient.validation_identity_consented',
  'recipient.validation_identity_redacted',
  'recipient.consented',
  'recipient.consent_withdrawn',
  'template.created',
  'template.updated',
  'template.deleted'
] as const;

/** What a webhook may subscribe to: the API's events and Signet's own. */
export const WEBHOOK_EVENT_TYPES = [...SPEC_EVENT_TYPES, ...SIGNET_EVENT_TYPES] as const;

/**
 * Events the webhook service makes itself and sends to one webhook when asked (POST /api/v1/webhooks/:id/test):
 * never on the bus, and no webhook subscribes to them.
 */
export const DELIVERY_ONLY_EVENT_TYPES = ['webhook.test'] as const;

/** What a delivery may carry: the events webhooks subscribe to, and the ones sent to a webhook on request. */
export const DELIVERED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...DELIVERY_ONLY_EVENT_TYPES] as const;

/** Facts the services share that customers never see: they travel on the bus but are never delivered as webhooks. */
export const INTERNAL_EVENT_TYPES = ['settings.updated', 'envelope.created', 'envelope.updated', 'document.processed', 'recipient.link_requested'] as const;

export type SpecEventType = (typeof SPEC_EVENT_TYPES)[number];
export type SignetEventType = (typeof SIGNET_EVENT_TYPES)[number];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type DeliveryOnlyEventType = (typeof DELIVERY_ONLY_EVENT_TYPES)[number];
export type DeliveredEventType = (typeof DELIVERED_EVENT_TYPES)[number];
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];
export type EventType = WebhookEventType | InternalEventType;

export const EVENT_TYPES: readonly EventType[] = [...WEBHOOK_EVENT_TYPES, ...INTERNAL_EVENT_TYPES];

const specEventTypes: ReadonlySet<string> = new Set(SPEC_EVENT_TYPES);
const webhookEventTypes: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);
const deliveredEventTypes: ReadonlySet<string> = new Set(DELIVERED_EVENT_TYPES);
const eventTypes: ReadonlySet<string> = new Set(EVENT_TYPES);

/**
 * Whether a name is one of the API's events, not one of Signet's own nor an internal fact. Subscriptions are
 * not checked with it: isWebhookEventType, which also accepts Signet's own, guards them.
 */
export function isSpecEventType(name: string): name is SpecEventType {
  return specEventTypes.has(name);
}

/** Guards webhook subscriptions: the API's events and Signet's own, never internal facts. */
export function isWebhookEventType(name: string): name is WebhookEventType {
  return webhookEventTypes.has(name);
}

/** Guards the delivery log's `event_type` filter: what a delivery may carry. */
export function isDeliveredEventType(name: string): name is DeliveredEventType {
  return deliveredEventTypes.has(name);
}

export function isEventType(name: string): name is EventType {
  return eventTypes.has(name);
}
