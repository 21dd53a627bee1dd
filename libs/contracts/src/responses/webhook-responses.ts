import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '../event-types';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { DELIVERY_STATUSES, RETRY_SCHEDULES } from '../webhook-requests';
import { Answer } from './common-responses';

const webhookFields = {
  id: Type.String(),
  url: Type.String(),
  subscriptions: Type.String({ description: 'Comma-separated event names' }),
  auth_type: Nullable(Type.Literal('HEADER', { description: 'HEADER when deliveries carry `Authorization: <auth>`' })),
  retry_schedule: LiteralUnion(RETRY_SCHEDULES),
  created_at: DateTime(),
  updated_at: DateTime()
};

/** A webhook as the API shows it: never its `auth`, and the signing secret only once, on creation. */
export const Webhook = Type.Object(webhookFields);
export type Webhook = Static<typeof Webhook>;

export const WebhookCreatedResponse = Answer({
  success: Type.Literal(true),
  webhook: Type.Object({
    ...webhookFields,
    signing_secret: Type.String({ description: 'Standard Webhooks secret (`whsec_...`) to verify deliveries with; shown only here' })
  })
});
export type WebhookCreatedResponse = Static<typeof WebhookCreatedResponse>;

export const WebhookSecretRotatedResponse = Answer({
  success: Type.Literal(true),
  webhook: Type.Object({
    ...webhookFields,
    signing_secret: Type.String({ description: 'The new Standard Webhooks secret (`whsec_...`); shown only here' })
  }),
  previous_secret_expires_at: DateTime({ description: 'Until then deliveries are signed with the previous secret as well as the new one' })
});
export type WebhookSecretRotatedResponse = Static<typeof WebhookSecretRotatedResponse>;

export const WebhookResponse = Answer({ webhook: Webhook });
export type WebhookResponse = Static<typeof WebhookResponse>;

export const WebhookUpdatedResponse = Answer({ success: Type.Literal(true), webhook: Webhook });
export type WebhookUpdatedResponse = Static<typeof WebhookUpdatedResponse>;

export const WebhookListResponse = Answer({ webhooks: Type.Array(Webhook), total: Type.Integer({ minimum: 0 }) });
export type WebhookListResponse = Static<typeof WebhookListResponse>;

export const DeliveryAttempt = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  attempted_at: DateTime(),
  status_code: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when no answer came" })),
  duration_ms: Nullable(Type.Integer({ minimum: 0 })),
  error: Nullable(Type.String()),
  response_body: Nullable(Type.String({ description: 'The start of what the receiver answered' }))
});

/** One event sent to one webhook, with every attempt. */
export const Delivery = Type.Object({
  id: Type.String(),
  webhook_id: Type.String(),
  event_id: Type.String({ description: 'The event id: the same as the `webhook-id` header and the payload `id`' }),
  event_type: LiteralUnion(WEBHOOK_EVENT_TYPES, { description: "The API's events and Signet's own, as webhooks subscribe to them" }),
  status: LiteralUnion(DELIVERY_STATUSES),
  attempts: Type.Array(DeliveryAttempt),
  next_attempt_at: Nullable(DateTime()),
  created_at: DateTime(),
  completed_at: Nullable(DateTime())
});
export type Delivery = Static<typeof Delivery>;

export const DeliveryListResponse = Answer({
  deliveries: Type.Array(Delivery, { description: 'Newest first' }),
  next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page' }))
});
export type DeliveryListResponse = Static<typeof DeliveryListResponse>;

export const RedeliveryResponse = Answer({ success: Type.Literal(true), delivery: Delivery });
export type RedeliveryResponse = Static<typeof RedeliveryResponse>;
