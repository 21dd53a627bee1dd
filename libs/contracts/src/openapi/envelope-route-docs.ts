import { EnvelopeCreateRequest, EnvelopeUpdateRequest, ExtendRequest, SigningUrlRequest, VoidRequest } from '../envelope-requests';
import { CodeSentResponse, CodeVerifiedResponse } from '../responses/validation-responses';
import { EnvelopeCreatedResponse, EnvelopeResponse, EnvelopeVoidedResponse, EvidenceResponse, ReminderSentResponse, SigningUrlResponse } from '../responses/envelope-responses';
import { EnvelopeTimelineResponse } from '../responses/timeline-responses';
import { SuccessResponse } from '../responses/common-responses';
import { UploadCreatedResponse, UploadListResponse, UploadReceivedResponse, UploadResponse } from '../responses/upload-responses';
import { UploadCreateRequest, UploadListQuery } from '../upload-requests';
import { SendCodeRequest, VerifyCodeRequest } from '../validation-requests';
import { jsonAnswer, type RouteDocs } from './route-doc';

const FORM_NOTE = 'Sent as `multipart/form-data` (or `application/x-www-form-urlencoded`) in bracket notation: every leaf of the ' +
  'nested object is one field whose name is its path, e.g. `recipients[ben][email]=ben@example.com`, ' +
  '`documents[contract][base64]=<the PDF as base64>`, `placements[0][token]={{ben}}`, ' +
  '`settings[validations][email][enabled]=TRUE`. Keys of `documents` and `recipients` are yours (1-64 letters, digits, _ . -) and ' +
  'become `custom_key`; placements are numbered 0, 1, 2... Every value is a string. The nested shape is the `EnvelopeCreateRequest` schema.';

/** Envelopes, their uploads, evidence and email validation (API key routes). */
export const ENVELOPE_ROUTE_DOCS: RouteDocs = {
  'POST /api/v1/envelopes': {
    operationId: 'createEnvelope',
    summary: 'Create an envelope',
    description: `Documents (inline base64 PDFs up to 10 MB; larger ones by upload URL), recipients, placements (coordinates in PDF points from the page's top-left, 0-indexed page, or a text token found in the PDF) and settings overrides. Problems a later update can fix store the envelope in ERROR with its \`errors\`; invalid input is a 422 and stores nothing. ${FORM_NOTE}`,
    tag: 'Envelopes',
    request: { form: EnvelopeCreateRequest, formOf: 'EnvelopeCreateRequest' },
    responses: { 200: jsonAnswer(EnvelopeCreatedResponse, 'The envelope, CREATED (or ERROR with its errors)') },
    errors: [400, 413, 415, 422]
  },
  'GET /api/v1/envelopes/:id': {
    operationId: 'getEnvelope',
    summary: 'Read an envelope',
    description: 'Documents with download links, recipients, placements, fields, effective settings, errors and warnings. A prefilled field (a placement\'s `default_value`, or a value a template use gave) shows its value as the placement\'s `default_value`; its `value` in `fields` stays null until the recipient acts, then holds what was recorded.',
    tag: 'Envelopes',
    responses: { 200: jsonAnswer(EnvelopeResponse, 'The envelope') },
    errors: [404]
  },
  'PUT /api/v1/envelopes/:id': {
    operationId: 'updateEnvelope',
    summary: 'Update an envelope before it is sent',
    description: `Changes what you send; documents, recipients and placements you name replace those with the same key. An empty \`expires_at=\` clears the expiry. Only CREATED or ERROR envelopes change (405 otherwise). ${FORM_NOTE.replace('EnvelopeCreateRequest', 'EnvelopeUpdateRequest')}`,
    tag: 'Envelopes',
    request: { form: EnvelopeUpdateRequest, formOf: 'EnvelopeUpdateRequest' },
    responses: { 200: jsonAnswer(EnvelopeResponse, 'The envelope after the change') },
    errors: [400, 404, 405, 413, 415, 422]
  },
  'POST /api/v1/envelopes/:id/send_invitation': {
    operationId: 'sendEnvelope',
    summary: 'Send the envelope to its recipients',
    description: 'CREATED becomes IN_PROGRESS: signing links are generated (`recipient.link_generated`) and invitations emailed when `settings.emails.envelope_invitation` is on.',
    tag: 'Envelopes',
    responses: { 200: jsonAnswer(SuccessResponse, 'Sent') },
    errors: [404, 405, 409, 422]
  },
  'PUT /api/v1/envelopes/:id/void': {
    operationId: 'voidEnvelope',
    summary: 'Void an envelope',
    description: 'Signing links stop working at once; recipients are told when `settings.emails.envelope_voided` is on. ' +
      'An optional JSON `{"reason": "..."}` (1-500 characters once trimmed, plain text) is kept on the envelope (`void_reason`), carried by `envelope.voided` and given in the voided email. ' +
      'No body voids without a reason. Voiding a VOIDED envelope again changes nothing, its reason included.',
    tag: 'Envelopes',
    request: { json: VoidRequest, optional: true },
    responses: { 200: jsonAnswer(EnvelopeVoidedResponse, 'The voided envelope') },
    errors: [404, 405, 409, 415, 422]
  },
  'POST /api/v1/envelopes/:id/extend': {
    operationId: 'extendEnvelope',
    summary: "Set, move or clear an envelope's expiry, or reactivate an expired one",
    description: 'An IN_PROGRESS envelope gets the new `expires_at` (later than now; 422 otherwise), or with `"expires_at": null` no longer expires: ' +
      'its scheduled expiry and expiry warning are cancelled (`envelope.extended` either way). An EXPIRED one becomes IN_PROGRESS again ' +
      '(`envelope.reactivated`): the recipients who had not finished get fresh signing links (`recipient.link_generated`), and those whose turn it is a new invitation. ' +
      'Other statuses answer 409.',
    tag: 'Envelopes',
    request: { json: ExtendRequest },
    responses: { 200: jsonAnswer(EnvelopeResponse, 'The envelope with its new expires_at (null once cleared)') },
    errors: [404, 409, 422]
  },
  'POST /api/v1/envelopes/:id/recipients/:recipient_id/remind': {
    operationId: 'remindRecipient',
    summary: 'Remind a recipient now',
    description: 'Emails the recipient a reminder with their signing link (when `settings.emails.envelope_reminder` is on) and publishes `recipient.reminder_sent` with `number` null. ' +
      'Only for a recipient whose turn it is on an IN_PROGRESS envelope (409 otherwise); one per recipient per hour (429 with `Retry-After`). ' +
      'It does not count toward `settings.signature_flow.reminders.max` nor move the scheduled reminders.',
    tag: 'Envelopes',
    responses: { 200: jsonAnswer(ReminderSentResponse, 'The reminder was queued') },
    errors: [404, 409, 429]
  },
  'POST /api/v1/envelopes/:id/recipients/:recipient_id/signing_url': {
    operationId: 'getSigningUrl',
    summary: "Get a recipient's signing link",
    description: 'The link the recipient signs with, to embed the signing page or send it yourself; no webhook needed. ' +
      'With `{"rotate": true}` a new link is issued and the current one stops working at once (`recipient.link_generated` carries it). ' +
      'Both are recorded in the evidence timeline. Only while the envelope is IN_PROGRESS (409 otherwise).',
    tag: 'Envelopes',
    request: { json: SigningUrlRequest, optional: true },
    responses: { 200: jsonAnswer(SigningUrlResponse, "The recipient's current signing link") },
    errors: [404, 409, 422]
  },
  'GET /api/v1/envelopes/:id/evidence': {
    operationId: 'getEvidence',
    summary: 'Get the evidence sheet of a completed envelope',
    description: 'A link to the audit-trail PDF (every event with time, address and user agent). The envelope must be SUCCESS (409 before).',
    tag: 'Envelopes',
    responses: { 200: jsonAnswer(EvidenceResponse, 'The evidence sheet link') },
    errors: [404, 409]
  },
  'GET /api/v1/envelopes/:id/timeline': {
    operationId: 'getEnvelopeTimeline',
    summary: "List an envelope's timeline",
    description: 'The events the evidence sheet lists, oldest first, at any status: when, which event, the recipient it concerns (with their role), ' +
      'the address and user agent they acted from, and the status, rejection reason or code channel. Recorded from the events as they happen, ' +
      'so an event appears a moment after the call that caused it; an envelope just created may have none yet.',
    tag: 'Envelopes',
    responses: { 200: jsonAnswer(EnvelopeTimelineResponse, 'The timeline') },
    errors: [404]
  },
  'POST /api/v1/envelopes/:envelope_id/uploads': {
    operationId: 'createUpload',
    summary: 'Get an upload URL for a large PDF',
    description: 'For PDFs up to 50 MB: answers a one-time `upload_url` valid for an hour. PUT the raw file there; the upload goes PENDING, UPLOADED, PROCESSING, COMPLETED (or FAILED), and the PDF joins the envelope as a document.',
    tag: 'Uploads',
    request: { json: UploadCreateRequest },
    responses: { 200: jsonAnswer(UploadCreatedResponse, 'The upload and its URL') },
    errors: [400, 404, 405, 409, 415, 422]
  },
  'GET /api/v1/envelopes/:envelope_id/uploads': {
    operationId: 'listUploads',
    summary: "List an envelope's uploads",
    tag: 'Uploads',
    request: { query: UploadListQuery },
    responses: { 200: jsonAnswer(UploadListResponse, 'The uploads, in document order') },
    errors: [404, 422]
  },
  'GET /api/v1/envelopes/:envelope_id/uploads/:id': {
    operationId: 'getUpload',
    summary: 'Read an upload',
    description: 'Poll until `status` is COMPLETED (or FAILED, with `error_message`).',
    tag: 'Uploads',
    params: { id: 'Upload id' },
    responses: { 200: jsonAnswer(UploadResponse, 'The upload') },
    errors: [404]
  },
  'PUT /api/v1/uploads/:token': {
    operationId: 'putUpload',
    summary: 'Upload the file to an upload URL',
    description: 'The raw PDF bytes (not base64), `Content-Type: application/pdf`, with your API key. Streams through; the file is validated in the background.',
    tag: 'Uploads',
    request: { binary: 'application/pdf' },
    responses: { 200: jsonAnswer(UploadReceivedResponse, 'Received; validation and processing follow') },
    errors: [400, 403, 404, 409, 413, 415]
  },
  'POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code': {
    operationId: 'sendValidationCode',
    summary: 'Email a recipient a validation code',
    description: 'With `settings.validations.email.enabled` (or `validations.phone.enabled`, sending `{"channel": "sms"}`) on a sent envelope: a 6-digit code valid 30 minutes, by email (the default, also without a body) or SMS. One code per 60 seconds and five per hour per recipient and channel (429 with `Retry-After`); SMS also within the tenant\'s daily SMS cap (429) and to allowed countries (422).',
    tag: 'Email validation',
    serviceRateLimit: true,
    request: { json: SendCodeRequest, optional: true },
    responses: { 200: jsonAnswer(CodeSentResponse, 'The code is on its way') },
    errors: [400, 404, 409, 415, 422]
  },
  'POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/verify_code': {
    operationId: 'verifyValidationCode',
    summary: "Check a recipient's validation code",
    description: 'Three attempts per code; a wrong code is a 422 naming the attempts left.',
    tag: 'Email validation',
    request: { json: VerifyCodeRequest },
    responses: { 200: jsonAnswer(CodeVerifiedResponse, 'Verified') },
    errors: [400, 404, 409, 415, 422]
  }
};

