import { Type, type TLiteral, type TObject, type TString } from '@sinclair/typebox';

/** Kafka headers every event carries; routing metadata lives here so the webhook payload stays exactly `{id, event_type, data}`. */
export const EVENT_HEADERS = {
  tenantId: 'signet-tenant-id',
  apiKeyId: 'signet-api-key-id',
  occurredAt: 'signet-occurred-at',
  requestId: 'signet-request-id'
} as const;

export type TSignetEvent<T extends string, D extends TObject> = TObject<{ id: TString; event_type: TLiteral<T>; data: D }>;

/** The event payload webhooks receive, closed: anything beside `data` would reach customers' webhooks unannounced. */
export const SignetEventSchema = <T extends string, D extends TObject>(eventType: T, data: D): TSignetEvent<T, D> =>
  Type.Object({ id: Type.String({ minLength: 1 }), event_type: Type.Literal(eventType), data }, { additionalProperties: false });
