import { ID_PATTERN } from './input-limits';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { LiteralUnion } from './schema-helpers';

/** How long a failing delivery keeps being retried (the standard three attempts, or those and eight more). */
export const RETRY_SCHEDULES = ['STANDARD', 'EXTENDED'] as const;
export type RetrySchedule = (typeof RETRY_SCHEDULES)[number];

export const DELIVERY_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A dead letter not retried yet, or one retried (its delivery started a new round, or was redelivered). */
export const DEAD_LETTER_STATES = ['unretried', 'retried'] as const;
export type DeadLetterState = (typeof DEAD_LETTER_STATES)[number];

const Url = Type.String({ minLength: 1, maxLength: 2048, errorMessage: 'must be an http or https URL of at most 2048 characters' });
const Subscriptions = Type.String({ minLength: 1, maxLength: 2000, errorMessage: 'must be comma-separated event names' });
// Requests send `header`; the API shows `HEADER`, so both are taken back.
const AuthType = LiteralUnion(['header', 'HEADER'] as const, { errorMessage: 'must be header' });
// Visible ASCII with inner spaces: what an HTTP header value can carry without being mangled.
const Auth = Type.String({ pattern: '^[!-~]([ -~]{0,1022}[!-~])?$', errorMessage: 'must be 1-1024 visible ASCII characters (a header value)' });
const Schedule = LiteralUnion(RETRY_SCHEDULES, { errorMessage: `must be one of ${RETRY_SCHEDULES.join(', ')}` });

const Closed = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });

/*
 * Webhook requests. What a schema cannot check stays with the webhook service: that the
 * subscriptions name real events and where the URL points (its address policy).
 */

/** POST /api/v1/webhooks: url and subscriptions, optionally auth, plus the optional retry schedule. */
export const CreateWebhookRequest = Closed({
  url: Url,
  subscriptions: Subscriptions,
  auth_type: Type.Optional(AuthType),
  auth: Type.Optional(Auth),
  retry_schedule: Type.Optional(Schedule)
});
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;

/** PUT /api/v1/webhooks/:id: typically `subscriptions`; `url`, `auth` (null removes it) and the schedule may change too. */
export const UpdateWebhookRequest = Closed({
  url: Type.Optional(Url),
  subscriptions: Type.Optional(Subscriptions),
  auth_type: Type.Optional(AuthType),
  auth: Type.Optional(Type.Union([Auth, Type.Null()], { errorMessage: 'must be 1-1024 visible ASCII characters (a header value), or null' })),
  retry_schedule: Type.Optional(Schedule)
});
export type UpdateWebhookRequest = Static<typeof UpdateWebhookRequest>;

/**
 * GET /api/v1/webhooks/:id/deliveries?status=&event_type=&limit=&cursor= (query strings, as express parses
 * them). That event_type names a webhook event is checked by the service.
 */
const Limit = Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', errorMessage: 'must be a whole number from 1 to 100' });
const Cursor = Type.String({ pattern: ID_PATTERN, errorMessage: 'must be the next_cursor of a previous page' });

export const DeliveriesQuery = Type.Object({
  status: Type.Optional(LiteralUnion(DELIVERY_STATUSES, { errorMessage: `must be one of ${DELIVERY_STATUSES.join(', ')}` })),
  event_type: Type.Optional(Type.String()),
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor)
}, { additionalProperties: false });
export type DeliveriesQuery = Static<typeof DeliveriesQuery>;

/** GET /api/v1/dead_letters?state=&webhook_id=&limit=&cursor= (query strings, as express parses them). */
export const DeadLettersQuery = Type.Object({
  state: Type.Optional(LiteralUnion(DEAD_LETTER_STATES, { errorMessage: `must be one of ${DEAD_LETTER_STATES.join(', ')}`, description: 'Only the dead letters not retried yet, or only the retried ones; both when absent' })),
  webhook_id: Type.Optional(Type.String({ pattern: ID_PATTERN, errorMessage: 'must be a webhook id', description: "Only this webhook's dead letters" })),
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor)
}, { additionalProperties: false });
export type DeadLettersQuery = Static<typeof DeadLettersQuery>;
