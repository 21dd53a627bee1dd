import type { TSchema } from '@sinclair/typebox';
import { BatchCreateRequest, BatchListResponse, BatchResponse } from '../batch-requests';
import * as envelopeRequests from '../envelope-requests';
import { EnvelopeListItem, EnvelopeListResponse } from '../envelope-list';
import { DELIVERED_EVENT_DATA_SCHEMAS } from '../event-schemas';
import { DELIVERED_EVENT_TYPES } from '../event-types';
import { BatchItemResult, BatchSummary, BatchView } from '../payloads/batch-completed-payload';
import * as payloads from './payload-schemas';
import * as responses from '../responses';
import { Settings, SettingsInput, SettingsPayload } from '../settings';
import { BounceRequest, FieldPreviewRequest, RejectRequest, SignRequest } from '../signing-requests';
import { UploadCreateRequest } from '../upload-requests';
import { BuilderSessionCreateRequest } from '../builder-session-requests';
import { ApiKeyCreateRequest, ApiKeyRotateRequest } from '../api-key-requests';
import { SmsStatusCallback, VerifyCodeRequest } from '../validation-requests';
import { CreateWebhookRequest, UpdateWebhookRequest } from '../webhook-requests';

export type JsonSchema = Record<string, unknown>;

/** `envelope.in_progress` -> `EnvelopeInProgressEvent`: the component name of an event's webhook body. */
export const eventComponentName = (eventType: string): string =>
  `${eventType.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Event`;

const isSchema = (value: unknown): value is TSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The webhook body of each event a delivery may carry: `{id, event_type, data}` with the event's own data schema. */
function eventSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(DELIVERED_EVENT_TYPES.map((eventType) => [eventComponentName(eventType), {
    type: 'object',
    required: ['id', 'event_type', 'data'],
    properties: {
      id: { type: 'string', minLength: 1, description: 'The event id, also in the `webhook-id` header: drop duplicates by it' },
      event_type: { type: 'string', const: eventType },
      data: DELIVERED_EVENT_DATA_SCHEMAS[eventType]
    },
    additionalProperties: false
  }]));
}

/**
 * Every named schema of the document: responses, requests, settings forms, event payloads and webhook
 * bodies. Names are the TypeScript names, so `components.schemas.EnvelopeView` is the `EnvelopeView` type.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const named: Record<string, unknown> = {
    ...responses,
    EnvelopeCreateRequest: envelopeRequests.EnvelopeCreateRequest,
    EnvelopeUpdateRequest: envelopeRequests.EnvelopeUpdateRequest,
    DocumentInput: envelopeRequests.DocumentInput,
    RecipientInput: envelopeRequests.RecipientInput,
    PlacementInput: envelopeRequests.PlacementInput,
    EnvelopeListItem, EnvelopeListResponse,
    BatchCreateRequest, BatchResponse, BatchListResponse, BatchView, BatchSummary, BatchItemResult,
    SettingsInput, Settings, SettingsPayload, UploadCreateRequest, VerifyCodeRequest, SignRequest, FieldPreviewRequest, RejectRequest, BounceRequest, SmsStatusCallback,
    CreateWebhookRequest, UpdateWebhookRequest, BuilderSessionCreateRequest, ApiKeyCreateRequest, ApiKeyRotateRequest,
    ...payloads,
    ...eventSchemas()
  };
  const schemas = Object.entries(named).filter(([name, value]) => /^[A-Z]/.test(name) && isSchema(value) && typeof (value as JsonSchema).type === 'string');
  const events = DELIVERED_EVENT_TYPES.map((eventType) => ({ $ref: `#/components/schemas/${eventComponentName(eventType)}` }));
  return {
    ...Object.fromEntries(schemas.map(([name, value]) => [name, clean(value)])),
    WebhookEvent: {
      description: 'Any event a webhook receives, told apart by `event_type`',
      oneOf: events,
      discriminator: { propertyName: 'event_type', mapping: Object.fromEntries(DELIVERED_EVENT_TYPES.map((eventType, index) => [eventType, events[index]?.$ref])) }
    }
  };
}

/** A plain JSON copy without ajv-only keywords (`errorMessage`) and TypeBox's symbols. */
export function clean(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'errorMessage' ? undefined : value))) as JsonSchema;
}

/**
 * Replaces every sub-schema equal to a named component with a `$ref` to it, so each shape is written
 * once in the document (and becomes one type in generated clients).
 */
export function withReferences(schema: JsonSchema, components: Record<string, JsonSchema>, self?: string, refRoot = false): JsonSchema {
  const byText = namesByText(components);
  const visit = (node: unknown, isRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, false));
    if (!isSchema(node)) return node;
    const name = isRoot ? undefined : byText.get(JSON.stringify(node))?.find((candidate) => candidate !== self);
    if (name !== undefined) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'properties' || key === 'patternProperties' ? mapValues(value, visitField) : visitField(value)]));
  };
  const visitField = (value: unknown): unknown => visit(value, false);
  return visit(schema, !refRoot) as JsonSchema;
}

const namesByTextOf = new WeakMap<Record<string, JsonSchema>, Map<string, string[]>>();

/**
 * The components' names by their JSON text, in order. Kept per components object: the document is
 * built with one call per schema and route, and stringifying every component each time made Signet's
 * start take seconds.
 */
function namesByText(components: Record<string, JsonSchema>): Map<string, string[]> {
  let byText = namesByTextOf.get(components);
  if (byText === undefined) {
    byText = new Map();
    for (const [name, component] of Object.entries(components)) {
      const text = JSON.stringify(component);
      byText.set(text, [...(byText.get(text) ?? []), name]);
    }
    namesByTextOf.set(components, byText);
  }
  return byText;
}

function mapValues(value: unknown, map: (item: unknown) => unknown): unknown {
  if (!isSchema(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item)]));
}
