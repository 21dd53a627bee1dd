import { Type } from '@sinclair/typebox';
import { SettingsInput } from '../settings';
import { SettingsPreviewQuery } from '../settings-preview';
import { SettingsResponse, SettingsUpdatedResponse } from '../responses/settings-responses';
import { SuccessResponse } from '../responses/common-responses';
import { DeliveryListResponse, DeliveryResponse, RedeliveryResponse, TestDeliveryResponse, WebhookCreatedResponse, WebhookListResponse, WebhookResponse, WebhookSecretRotatedResponse, WebhookUpdatedResponse } from '../responses/webhook-responses';
import { CreateWebhookRequest, DeliveriesQuery, UpdateWebhookRequest } from '../webhook-requests';
import { jsonAnswer, type ResponseDoc, type RouteDocs } from './route-doc';

const SettingsQuery = Type.Object({
  scope: Type.Optional(Type.String({ description: 'Comma-separated categories to return, e.g. `emails,branding`' }))
});

const PREVIEW_NOTE = (what: string) => `${what} Made from the API key's settings as they are saved now, for a sample envelope ("Sample agreement") ` +
  'and recipient ("Ana Lima"): nothing in it works (no signing link, no token, no script). Show it in a sandboxed iframe of your own ' +
  '(its `srcdoc`: a framed URL cannot carry the API key); its own headers sandbox it too, and let only Signet\'s own pages frame it by URL.';

const PREVIEW_ANSWER = (description: string): ResponseDoc => ({
  description,
  contentType: 'text/html',
  headers: {
    'Content-Security-Policy': '`sandbox` (no scripts), `default-src \'none\'`, the page\'s styles only, images from `data:` and `https:` (the logo), `frame-ancestors \'self\'`',
    'X-Content-Type-Options': '`nosniff`'
  }
});

/** Settings and webhooks: both belong to the API key that sets them. */
export const SETTINGS_WEBHOOK_ROUTE_DOCS: RouteDocs = {
  'GET /api/v1/settings': {
    operationId: 'getSettings',
    summary: "Read the API key's default settings",
    description: 'The seven categories (branding, documents, emails, localization, signature, signature_flow, validations) with defaults filled in.',
    tag: 'Settings',
    request: { query: SettingsQuery },
    responses: { 200: jsonAnswer(SettingsResponse, 'The settings') },
    errors: [422]
  },
  'PUT /api/v1/settings': {
    operationId: 'updateSettings',
    summary: "Change the API key's default settings",
    description: 'Changes the fields you send and keeps the rest; `null` resets a field to its default. Booleans as `TRUE`/`FALSE` or JSON booleans. New envelopes take these as their defaults.',
    tag: 'Settings',
    request: { json: SettingsInput },
    responses: { 200: jsonAnswer(SettingsUpdatedResponse, 'Every category after the change') },
    errors: [400, 415, 422]
  },
  'GET /api/v1/settings/preview/signer_page': {
    operationId: 'previewSignerPage',
    summary: 'Preview the signer page with the current settings',
    description: PREVIEW_NOTE('The signer page a recipient opens (logo, branding name and colour, language, signature types), as it shows once the documents are drawn; its documents are left out.'),
    tag: 'Settings',
    request: { query: SettingsPreviewQuery },
    responses: { 200: PREVIEW_ANSWER('The page') },
    errors: [422]
  },
  'GET /api/v1/settings/preview/invitation_email': {
    operationId: 'previewInvitationEmail',
    summary: 'Preview the invitation email with the current settings',
    description: PREVIEW_NOTE('The HTML of the invitation a signer gets (logo, branding name and colour, language, sender). As in a real email, only an https logo is shown (mail clients block data: images): with a data: logo, the branding name stands in its place.'),
    tag: 'Settings',
    request: { query: SettingsPreviewQuery },
    responses: { 200: PREVIEW_ANSWER('The email\'s HTML') },
    errors: [422]
  },
  'POST /api/v1/webhooks': {
    operationId: 'createWebhook',
    summary: 'Subscribe a URL to events',
    description: 'Each delivery is a POST of `{id, event_type, data}` (see the webhooks section) with `Authorization: <auth>` and Standard Webhooks headers signed with the `signing_secret` this answer shows once. Three attempts 5 s apart (EXTENDED: eight more, spread over a day).',
    tag: 'Webhooks',
    request: { json: CreateWebhookRequest },
    responses: { 200: jsonAnswer(WebhookCreatedResponse, 'The webhook, with its signing secret') },
    errors: [400, 409, 415, 422]
  },
  'GET /api/v1/webhooks': {
    operationId: 'listWebhooks',
    summary: "List the API key's webhooks",
    tag: 'Webhooks',
    responses: { 200: jsonAnswer(WebhookListResponse, 'The webhooks') },
    errors: []
  },
  'GET /api/v1/webhooks/:id': {
    operationId: 'getWebhook',
    summary: 'Read a webhook',
    tag: 'Webhooks',
    responses: { 200: jsonAnswer(WebhookResponse, 'The webhook') },
    errors: [404]
  },
  'PUT /api/v1/webhooks/:id': {
    operationId: 'updateWebhook',
    summary: 'Change a webhook',
    tag: 'Webhooks',
    request: { json: UpdateWebhookRequest },
    responses: { 200: jsonAnswer(WebhookUpdatedResponse, 'The webhook after the change') },
    errors: [400, 404, 415, 422]
  },
  'DELETE /api/v1/webhooks/:id': {
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook',
    description: 'No further deliveries are made to it.',
    tag: 'Webhooks',
    responses: { 200: jsonAnswer(SuccessResponse, 'Deleted') },
    errors: [404]
  },
  'GET /api/v1/webhooks/:id/deliveries': {
    operationId: 'listDeliveries',
    summary: "List a webhook's deliveries",
    description: 'Newest first, each with every attempt (status code, duration, error, the start of the answer). Page with `next_cursor`. ' +
      'What each attempt sent is in the single delivery (`GET .../deliveries/:delivery_id`).',
    tag: 'Webhooks',
    request: { query: DeliveriesQuery },
    responses: { 200: jsonAnswer(DeliveryListResponse, 'A page of deliveries') },
    errors: [404, 422]
  },
  'GET /api/v1/webhooks/:id/deliveries/:delivery_id': {
    operationId: 'getDelivery',
    summary: 'Read a delivery, with what it sent',
    description: 'The delivery with every attempt, as in the log, plus what went over the wire: `request_body`, the JSON every attempt ' +
      'POSTed, and each attempt\'s `request_headers` (the Standard Webhooks headers included; the webhook\'s `auth` never) and `response_headers`.',
    tag: 'Webhooks',
    responses: { 200: jsonAnswer(DeliveryResponse, 'The delivery') },
    errors: [404]
  },
  'POST /api/v1/webhooks/:id/deliveries/:delivery_id/redeliver': {
    operationId: 'redeliver',
    summary: 'Send a delivery again',
    description: 'A finished delivery (FAILED, or SUCCESS and wanted again) starts a new round of the webhook\'s retry schedule at once, ' +
      'with the same event (same `webhook-id`), to the webhook\'s URL as it is now. Its dead letter, if it has one, counts as retried. ' +
      'A PENDING delivery is 409: it is already on its way.',
    tag: 'Webhooks',
    responses: { 200: jsonAnswer(RedeliveryResponse, 'The delivery, its new attempt pending') },
    errors: [404, 409]
  },
  'POST /api/v1/webhooks/:id/test': {
    operationId: 'sendTestEvent',
    summary: 'Send a test event to a webhook',
    description: 'A `webhook.test` event (`data`: `{webhook_id, message}`) goes to this webhook now, whatever it subscribes to, as any ' +
      'delivery does: signed, with its `auth`, in the delivery log, retried on the webhook\'s schedule. No other webhook gets it.',
    tag: 'Webhooks',
    responses: { 200: jsonAnswer(TestDeliveryResponse, 'The delivery, its first attempt pending') },
    errors: [404]
  },
  'POST /api/v1/webhooks/:id/rotate_secret': {
    operationId: 'rotateWebhookSecret',
    summary: "Rotate a webhook's signing secret",
    description: 'A new `signing_secret`, shown only in this answer. For 24 hours deliveries carry two signatures in ' +
      '`webhook-signature` (Standard Webhooks\' space-separated list), one by each secret, so a receiver verifying with either ' +
      'accepts them while it switches; then only the new secret signs. Rotating again within the window drops the oldest secret.',
    tag: 'Webhooks',
    responses: { 200: jsonAnswer(WebhookSecretRotatedResponse, 'The webhook with its new secret') },
    errors: [404]
  }
};
