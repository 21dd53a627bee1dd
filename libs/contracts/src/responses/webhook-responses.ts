import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DELIVERED_EVENT_TYPES } from '../event-types';
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

const EventType = LiteralUnion(DELIVERED_EVENT_TYPES, { description: "The API's events and Signet's own, as webhooks subscribe to them, or `webhook.test`" });

/** A delivery's fields around its attempts, which the log and a single delivery show differently. */
const deliveryFields = <A extends TSchema>(attempts: A) => ({
  id: Type.String(),
  webhook_id: Type.String(),
  event_id: Type.String({ description: 'The event id: the same as the `webhook-id` header and the payload `id`' }),
  event_type: EventType,
  status: LiteralUnion(DELIVERY_STATUSES),
  attempts: Type.Array(attempts),
  next_attempt_at: Nullable(DateTime()),
  created_at: DateTime(),
  completed_at: Nullable(DateTime())
});

/** One event sent to one webhook, with every attempt. */
export const Delivery = Type.Object(deliveryFields(DeliveryAttempt));
export type Delivery = Static<typeof Delivery>;

const Headers = Type.Record(Type.String(), Type.String());

/** An attempt with the headers that went each way. */
export const DeliveryAttemptDetail = Type.Object({
  ...DeliveryAttempt.properties,
  request_headers: Nullable(Headers, {
    description: "The headers the attempt was sent with, names in lower case; the webhook's `auth` shows as `[redacted]` in `authorization`. Null for attempts made before Signet kept them"
  }),
  response_headers: Nullable(Headers, {
    description: "The receiver's answer's first 20 headers, names in lower case, each value cut at 256 characters; null when no answer came"
  })
});

/** A delivery with what it sent: the body every attempt POSTed, and each attempt's headers. */
export const DeliveryDetail = Type.Object({
  ...deliveryFields(DeliveryAttemptDetail),
  request_body: Type.String({ description: 'The JSON every attempt POSTed, byte for byte (the signatures cover it): `{id, event_type, data}`' })
});
export type DeliveryDetail = Static<typeof DeliveryDetail>;

export const DeliveryResponse = Answer({ delivery: DeliveryDetail });
export type DeliveryResponse = Static<typeof DeliveryResponse>;

export const TestDeliveryResponse = Answer({ success: Type.Literal(true), delivery: Delivery }, 'The test event\'s delivery, its first attempt on its way');
export type TestDeliveryResponse = Static<typeof TestDeliveryResponse>;

export const DeliveryListResponse = Answer({
  deliveries: Type.Array(Delivery, { description: 'Newest first' }),
  next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page' }))
});
export type DeliveryListResponse = Static<typeof DeliveryListResponse>;

export const RedeliveryResponse = Answer({ success: Type.Literal(true), delivery: Delivery });
export type RedeliveryResponse = Static<typeof RedeliveryResponse>;

/** A webhook delivery that ran out of its retry schedule: FAILED, with no attempt to come until it is retried. */
export const DeadLetter = Type.Object({
  id: Type.String(),
  kind: Type.Literal('webhook.delivery', { description: 'What failed: a webhook delivery' }),
  webhook_id: Type.String(),
  delivery_id: Type.String(),
  event_id: Type.String(),
  event_type: EventType,
  attempts: Type.Integer({ minimum: 0, description: 'The attempts the delivery had made when it failed, every round counted' }),
  last_error: Nullable(Type.String({ description: 'Why the last attempt failed' })),
  last_status_code: Nullable(Type.Integer({ description: "The last attempt's HTTP status; null when no answer came" })),
  failed_at: DateTime(),
  retried_at: Nullable(DateTime({ description: 'When it was retried (or its delivery redelivered); null while it waits' }))
});
export type DeadLetter = Static<typeof DeadLetter>;

export const DeadLetterListResponse = Answer({
  dead_letters: Type.Array(DeadLetter, { description: 'Newest first' }),
  next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page' }))
});
export type DeadLetterListResponse = Static<typeof DeadLetterListResponse>;

export const DeadLetterRetryResponse = Answer({ success: Type.Literal(true), dead_letter: DeadLetter, delivery: Delivery });
export type DeadLetterRetryResponse = Static<typeof DeadLetterRetryResponse>;
