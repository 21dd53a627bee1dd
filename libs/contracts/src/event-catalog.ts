import type { TSchema } from '@sinclair/typebox';
import { DELIVERED_EVENT_DATA_SCHEMAS, EVENT_DATA_SCHEMAS } from './event-schemas';
import { DELIVERY_ONLY_EVENT_TYPES, DeliveryOnlyEventType, EVENT_TYPES, EventType, INTERNAL_EVENT_TYPES, SIGNET_EVENT_TYPES } from './event-types';
import { BatchCompletedPayload } from './payloads/batch-completed-payload';
import { EnvelopePayload, EvidenceGeneratedPayload } from './payloads/envelope-payload';
import { FileUploadedPayload } from './payloads/file-uploaded-payload';
import { RecipientPayload } from './payloads/recipient-payload';
import { DocumentProcessedPayload } from './payloads/document-processed-payload';
import { SettingsUpdatedPayload } from './payloads/settings-updated-payload';
import { TemplatePayload } from './payloads/template-payload';
import { WebhookTestPayload } from './payloads/webhook-test-payload';
import { Settings, SettingsPayload } from './settings';
import { dlqTopicFor } from './topics';

/** What each event means, for people reading the catalog (the API's events, Signet's own, the internal facts and the delivery-only ones). */
export const EVENT_MEANINGS: Record<EventType | DeliveryOnlyEventType, string> = {
  'envelope.in_progress': 'Envelope sent to recipients',
  'envelope.success': 'All recipients signed',
  'envelope.voided': 'Envelope cancelled (carries `void_reason`: the sender\'s reason, or null)',
  'envelope.evidence_generated': 'Evidence sheet PDF generated',
  'envelope.file_uploaded': 'File uploaded through an upload URL and processed',
  'recipient.email_sent': 'Invitation email sent',
  'recipient.email_received': 'Email delivered',
  'recipient.email_opened': 'Recipient opened the email',
  'recipient.email_clicked': 'Recipient clicked the link',
  'recipient.email_bounced': 'Email bounced',
  'recipient.link_generated': 'Unique access link created (carries `signing_url`)',
  'recipient.in_progress': 'Recipient can now sign',
  'recipient.signed_all': 'Recipient completed signing (carries `fields`, the values they filled)',
  'recipient.rejected': 'Recipient declined (carries `reason`)',
  'recipient.validation_code_generated': 'Code created (`validation.channel`: email or sms)',
  'recipient.validation_code_sent': 'Code email or SMS sent',
  'recipient.validation_code_success': 'Code verified',
  'recipient.validation_code_failed': 'Invalid code submitted',
  'recipient.validation_code_expired': 'Code expired',
  'recipient.validation_max_attempts': '3 failed attempts on a code',
  'recipient.approved': 'An APPROVER approved (carries `fields`, the values they filled)',
  'recipient.witnessed': 'A WITNESS signed as witness of `witness_of` (carries `fields`)',
  'recipient.viewed': 'A VIEWER opened their signing session',
  'recipient.copied': 'A CC recipient was copied at send (no link; they receive the completed documents)',
  'recipient.validation_id_check_started': 'Identity document check started: a selfie challenge issued or a provider session opened',
  'recipient.validation_id_check_success': 'Identity document check passed (`identity.method`: local, stripe, assertion or manual)',
  'recipient.validation_id_check_failed': 'An attempt at the identity document check failed (`identity.reasons`: reason codes)',
  'recipient.validation_id_check_locked': 'The identity document check failed its `max_attempts`: locked until a sender resets it',
  'recipient.validation_id_check_expired': 'A started identity document check was not finished in time (a selfie challenge, a provider session)',
  'recipient.validation_id_check_reset': 'A sender reset the identity document check: its attempts start again',
  'recipient.validation_biometric_started': 'Selfie check started: a selfie challenge issued or a provider session opened',
  'recipient.validation_biometric_success': 'Selfie check passed (`identity.method`: local, stripe, assertion or manual)',
  'recipient.validation_biometric_failed': 'An attempt at the selfie check failed (`identity.reasons`: reason codes)',
  'recipient.validation_biometric_locked': 'The selfie check failed its `max_attempts`: locked until a sender resets it',
  'recipient.validation_biometric_expired': 'A started selfie check was not finished in time (a selfie challenge, a provider session)',
  'recipient.validation_biometric_reset': 'A sender reset the selfie check: its attempts start again',
  'recipient.validation_identity_consented': 'The recipient consented to the identity checks (`consent.version`)',
  'recipient.validation_identity_redacted': 'The identity-check images of a recipient were erased (retention reached or POST .../identity/redact); hashes and outcomes stay',
  'recipient.consented': 'The recipient consented to electronic records and signatures (`signature_flow.consumer_consent`; `consumer_consent.disclosure_version` and `consented_at`)',
  'recipient.consent_withdrawn': 'The recipient withdrew (or refused) that consent: they are REJECTED and the envelope VOIDED, as `recipient.rejected` and `envelope.voided` then say',
  'batch.completed': 'Every item of a batch (POST /api/v1/batches: create, create_from_template, send, void or remind) has its outcome (key: the batch id)',
  'envelope.expired': 'The envelope reached its `expires_at` unsigned: EXPIRED, every signing link stops working',
  'envelope.extended': "An IN_PROGRESS envelope's `expires_at` was set, moved or cleared (POST /api/v1/envelopes/:id/extend)",
  'envelope.reactivated': 'An EXPIRED envelope was extended (POST /api/v1/envelopes/:id/extend): IN_PROGRESS again, with fresh links',
  'recipient.reminder_sent': 'A reminder went to a recipient whose turn it is (`number`: 1, 2, ..., or null when sent over the API)',
  'recipient.expiry_warning_sent': 'A recipient was warned that the envelope expires soon (carries `expires_at`)',
  'template.created': 'A template was created (key: the template id)',
  'template.updated': 'A template was replaced by PUT (key: the template id); envelopes made from it are unchanged',
  'template.deleted': 'A template was deleted, as it was (key: the template id); envelopes made from it are unchanged',
  'settings.updated': "An API key's stored settings changed (key: the API key id)",
  'envelope.created': 'Envelope created (internal)',
  'envelope.updated': 'Envelope changed before sending, or a document was attached (internal)',
  'document.processed': 'An uploaded PDF passed validation, with what the envelope service needs to attach it (internal)',
  'recipient.link_requested': "A recipient's current signing link was handed out over the API (internal; for the evidence timeline)",
  'webhook.test': 'A test sent to one webhook on request (POST /api/v1/webhooks/:id/test), whatever it subscribes to'
};

/** Each shape once; a shape another builds on (`extends`) lists only what it adds. */
const PAYLOADS: Array<{ name: string; schema: TSchema; extends?: TSchema }> = [
  { name: 'EnvelopePayload', schema: EnvelopePayload },
  { name: 'EvidenceGeneratedPayload', schema: EvidenceGeneratedPayload, extends: EnvelopePayload },
  { name: 'RecipientPayload', schema: RecipientPayload },
  { name: 'FileUploadedPayload', schema: FileUploadedPayload },
  { name: 'SettingsUpdatedPayload', schema: SettingsUpdatedPayload },
  { name: 'DocumentProcessedPayload', schema: DocumentProcessedPayload },
  { name: 'BatchCompletedPayload', schema: BatchCompletedPayload },
  { name: 'TemplatePayload', schema: TemplatePayload },
  { name: 'WebhookTestPayload', schema: WebhookTestPayload },
  { name: 'SettingsPayload', schema: SettingsPayload },
  { name: 'Settings', schema: Settings }
];

function payloadName(schema: TSchema): string | null {
  return PAYLOADS.find((payload) => payload.schema === schema)?.name ?? null;
}

function typeOf(schema: TSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value: unknown) => JSON.stringify(value)).join(' \\| ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((option: TSchema) => typeOf(option)).join(' or ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items as TSchema)}`;
  if (schema.type === 'string' && schema.format) return `string (${schema.format})`;
  return String(schema.type ?? 'any');
}

/** One row per field, nested objects and arrays of objects flattened into dotted paths; named shapes are referenced. */
function fieldRows(schema: TSchema, prefix = ''): string[] {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, TSchema>).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const named = payloadName(field);
    const row = `| \`${path}\` | ${named ? `${named} (below)` : typeOf(field)} | ${required.has(name) ? 'yes' : 'no'} |`;
    if (named) return [row];
    if (field.type === 'object' && field.properties) return [row, ...fieldRows(field, `${path}.`)];
    const items = field.type === 'array' ? (field.items as TSchema) : null;
    if (items?.type === 'object' && items.properties) return [row, ...fieldRows(items, `${path}[].`)];
    return [row];
  });
}

function payloadSection(payload: (typeof PAYLOADS)[number]): string[] {
  const parent = payload.extends;
  const own = parent ? { ...payload.schema, properties: Object.fromEntries(Object.entries(payload.schema.properties).filter(([name]) => !(name in parent.properties))) } : payload.schema;
  return [
    `### ${payload.name}`,
    '',
    ...(parent ? [`${payloadName(parent)}, plus:`, ''] : []),
    '| Field | Type | Required |',
    '| --- | --- | --- |',
    ...fieldRows(own),
    ''
  ];
}

/** The Markdown of docs/events.md: every topic, its payload and its fields, generated from the schemas. */
export function renderEventCatalog(): string {
  const internal = new Set<string>(INTERNAL_EVENT_TYPES);
  const signet = new Set<string>(SIGNET_EVENT_TYPES);
  const kindOf = (type: string) => (internal.has(type) ? 'internal' : signet.has(type) ? 'signet' : 'api');
  const topics = EVENT_TYPES.map((type) =>
    `| \`${type}\` | ${kindOf(type)} | ${payloadName(EVENT_DATA_SCHEMAS[type])} | ${EVENT_MEANINGS[type]} |`);
  const deliveryOnly = DELIVERY_ONLY_EVENT_TYPES.map((type) => `| \`${type}\` | ${payloadName(DELIVERED_EVENT_DATA_SCHEMAS[type])} | ${EVENT_MEANINGS[type]} |`);
  const payloads = PAYLOADS.flatMap(payloadSection);
  return [
    '# Event catalog',
    '',
    'Generated from `libs/contracts` by `npm run docs:events`; a test keeps it in step with the schemas.',
    '',
    'One Kafka topic per event type, named exactly as the event. The value is `{id, event_type, data}` as JSON;',
    'the key is the envelope id (the API key id for `settings.updated`), so one envelope\'s events keep their',
    'order; headers carry `signet-tenant-id`, `signet-api-key-id`, `signet-occurred-at` and `signet-request-id`',
    'on every event (the last two empty when no API key owns it or no request caused it).',
    `Delivery is at least once: drop duplicates by \`id\`. An event no consumer can process goes to \`<topic>.dlq\` (e.g. \`${dlqTopicFor('envelope.success')}\`)`,
    'with `signet-dlq-error`, `signet-dlq-source-topic` and `signet-dlq-consumer-group` headers (`outbox-relay` for an event that',
    'broke its contract before it was published, written by another version of Signet, say). The API\'s events',
    '(kind `api`) and Signet\'s own (kind `signet`) are also delivered as webhooks; internal ones are not. Payloads may gain fields:',
    'ignore the ones you do not know.',
    '',
    '## Topics',
    '',
    '| Topic | Kind | `data` | Meaning |',
    '| --- | --- | --- | --- |',
    ...topics,
    '',
    '## Delivered only',
    '',
    'Made by the webhook service for one webhook and POSTed to it like any delivery (signed, logged, retried),',
    'never published on a topic: no Kafka topic, and no webhook subscribes to them.',
    '',
    '| Event | `data` | Meaning |',
    '| --- | --- | --- |',
    ...deliveryOnly,
    '',
    '## Payloads',
    '',
    ...payloads
  ].join('\n');
}
