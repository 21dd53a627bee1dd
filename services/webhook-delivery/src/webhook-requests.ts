import { Type, type Static, type TSchema } from '@signet/contracts';
import { RETRY_SCHEDULES } from './retry-schedule';

const OneOf = <T extends string>(values: readonly T[], message: string) => Type.Unsafe<T>({ enum: [...values], errorMessage: message });

const Url = Type.String({ minLength: 1, maxLength: 2048, errorMessage: 'must be an http or https URL of at most 2048 characters' });
const Subscriptions = Type.String({ minLength: 1, maxLength: 2000, errorMessage: 'must be comma-separated event names' });
// Spec 2.7 sends `header`; the API shows `HEADER`, so both are taken back.
const AuthType = OneOf(['header', 'HEADER'], 'must be header');
// Visible ASCII with inner spaces: what an HTTP header value can carry without being mangled.
const Auth = Type.String({ pattern: '^[!-~]([ -~]{0,1022}[!-~])?$', errorMessage: 'must be 1-1024 visible ASCII characters (a header value)' });
const Schedule = OneOf(RETRY_SCHEDULES, `must be one of ${RETRY_SCHEDULES.join(', ')}`);

const Closed = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });

/** POST /api/v1/webhooks (spec 4.4), plus the optional retry schedule. */
export const CreateWebhookRequest = Closed({
  url: Url,
  subscriptions: Subscriptions,
  auth_type: Type.Optional(AuthType),
  auth: Type.Optional(Auth),
  retry_schedule: Type.Optional(Schedule)
});
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;

/** PUT /api/v1/webhooks/:id: spec 4.4 sends `subscriptions`; `url`, `auth` (null removes it) and the schedule may change too. */
export const UpdateWebhookRequest = Closed({
  url: Type.Optional(Url),
  subscriptions: Type.Optional(Subscriptions),
  auth_type: Type.Optional(AuthType),
  auth: Type.Optional(Type.Union([Auth, Type.Null()], { errorMessage: 'must be 1-1024 visible ASCII characters (a header value), or null' })),
  retry_schedule: Type.Optional(Schedule)
});
export type UpdateWebhookRequest = Static<typeof UpdateWebhookRequest>;
