import { Type, type Static } from '@sinclair/typebox';

/** `data` of `webhook.test`: which webhook it was sent to, and a line saying what it is. */
export const WebhookTestPayload = Type.Object({
  webhook_id: Type.String({ description: 'The webhook the test was sent to' }),
  message: Type.String({ description: 'Says that this is a test, sent on request; nothing happened' })
});
export type WebhookTestPayload = Static<typeof WebhookTestPayload>;
