import type { Static, TObject } from '@sinclair/typebox';
import type { TSignetEvent } from './event';
import type { DeliveredEventType, EventType } from './event-types';
import { EnvelopePayload, EvidenceGeneratedPayload } from './payloads/envelope-payload';
import { BatchCompletedPayload } from './payloads/batch-completed-payload';
import { FileUploadedPayload } from './payloads/file-uploaded-payload';
import { RecipientPayload } from './payloads/recipient-payload';
import { DocumentProcessedPayload } from './payloads/document-processed-payload';
import { SettingsUpdatedPayload } from './payloads/settings-updated-payload';
import { TemplatePayload } from './payloads/template-payload';
import { WebhookTestPayload } from './payloads/webhook-test-payload';

/** The `data` schema of every event; `satisfies` makes adding an event type without its schema a compile error. */
export const EVENT_DATA_SCHEMAS = {
  'envelope.in_progress': EnvelopePayload,
  'envelope.success': EnvelopePayload,
  'envelope.voided': EnvelopePayload,
  'envelope.evidence_generated': EvidenceGeneratedPayload,
  'envelope.file_uploaded': FileUploadedPayload,
  'recipient.email_sent': RecipientPayload,
  'recipient.email_received': RecipientPayload,
  'recipient.email_opened': RecipientPayload,
  'recipient.email_clicked': RecipientPayload,
  'recipient.email_bounced': RecipientPayload,
  'recipient.link_generated': RecipientPayload,
  'recipient.in_progress': RecipientPayload,
  'recipient.signed_all': RecipientPayload,
  'recipient.rejected': RecipientPayload,
  'recipient.validation_code_generated': RecipientPayload,
  'recipient.validation_code_sent': RecipientPayload,
  'recipient.validation_code_success': RecipientPayload,
  'recipient.validation_code_failed': RecipientPayload,
  'recipient.validation_code_expired': RecipientPayload,
  'recipient.validation_max_attempts': RecipientPayload,
  'batch.completed': BatchCompletedPayload,
  'envelope.expired': EnvelopePayload,
  'envelope.extended': EnvelopePayload,
  'envelope.reactivated': EnvelopePayload,
  'recipient.reminder_sent': RecipientPayload,
  'recipient.expiry_warning_sent': RecipientPayload,
  'recipient.approved': RecipientPayload,
  'recipient.witnessed': RecipientPayload,
  'recipient.viewed': RecipientPayload,
  'recipient.copied': RecipientPayload,
  'recipient.validation_id_check_started': RecipientPayload,
  'recipient.validation_id_check_success': RecipientPayload,
  'recipient.validation_id_check_failed': RecipientPayload,
  'recipient.validation_id_check_locked': RecipientPayload,
  'recipient.validation_id_check_expired': RecipientPayload,
  'recipient.validation_id_check_reset': RecipientPayload,
  'recipient.validation_biometric_started': RecipientPayload,
  'recipient.validation_biometric_success': RecipientPayload,
  'recipient.validation_biometric_failed': RecipientPayload,
  'recipient.validation_biometric_locked': RecipientPayload,
  'recipient.validation_biometric_expired': RecipientPayload,
  'recipient.validation_biometric_reset': RecipientPayload,
  'recipient.validation_identity_consented': RecipientPayload,
  'recipient.validation_identity_redacted': RecipientPayload,
  'recipient.consented': RecipientPayload,
  'recipient.consent_withdrawn': RecipientPayload,
  'template.created': TemplatePayload,
  'template.updated': TemplatePayload,
  'template.deleted': TemplatePayload,
  'settings.updated': SettingsUpdatedPayload,
  'envelope.created': EnvelopePayload,
  'envelope.updated': EnvelopePayload,
  'document.processed': DocumentProcessedPayload,
  'recipient.link_requested': RecipientPayload
} satisfies Record<EventType, TObject>;

export type EventDataSchemas = typeof EVENT_DATA_SCHEMAS;

/** The `data` schema of every event a delivery may carry: the webhook events' and the delivery-only ones'. */
export const DELIVERED_EVENT_DATA_SCHEMAS: Record<DeliveredEventType, TObject> = { ...EVENT_DATA_SCHEMAS, 'webhook.test': WebhookTestPayload };

export type EventData<T extends EventType> = Static<EventDataSchemas[T]>;

/** An event as published and consumed, e.g. `SignetEvent<'envelope.success'>` whose data is an EnvelopePayload. */
export type SignetEvent<T extends EventType> = Static<TSignetEvent<T, EventDataSchemas[T]>>;

/** Any event, discriminated by event_type. */
export type AnySignetEvent = { [T in EventType]: SignetEvent<T> }[EventType];
