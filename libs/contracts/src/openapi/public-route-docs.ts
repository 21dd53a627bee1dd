import { Type } from '@sinclair/typebox';
import { BounceRequest, FieldPreviewRequest, RejectRequest, SignRequest } from '../signing-requests';
import { Answer, SuccessResponse } from '../responses/common-responses';
import { AttachmentUploadedResponse, FieldPreviewResponse, RejectedResponse, SignedResponse, SigningSessionResponse } from '../responses/signing-responses';
import { ConsumerConsentRequest, ConsumerConsentResponse } from '../consumer-consent';
import { CodeSentResponse, CodeVerifiedResponse } from '../responses/validation-responses';
import { SendCodeRequest, SmsStatusCallback, VerifyCodeRequest } from '../validation-requests';
import { jsonAnswer, type RouteDocs } from './route-doc';

const HealthResponse = Answer({ ok: Type.Literal(true) });
const ReadinessResponse = Answer({
  ok: Type.Boolean(),
  checks: Type.Record(Type.String(), Type.String(), { description: 'Each dependency checked: `ok`, or why it failed' })
});

/** GET /openapi.json's answer, in outline: the OpenAPI 3.1 validator checks the rest. */
const OpenApiDocument = Type.Object({
  openapi: Type.String({ pattern: '^3\\.1\\.\\d+$' }),
  info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: true }),
  servers: Type.Array(Type.Object({ url: Type.String() }, { additionalProperties: true })),
  paths: Type.Record(Type.String(), Type.Unknown()),
  webhooks: Type.Record(Type.String(), Type.Unknown())
}, { additionalProperties: true, description: 'An OpenAPI 3.1 document' });

const TOKEN_NOTE = 'No API key: the token at the end of the recipient\'s `signing_url` (event `recipient.link_generated`) is the credential.';
const CONSENT_NOTE = 'Where the envelope asks for consent to electronic records and signatures (`signature_flow.consumer_consent`), 403 CONSENT_REQUIRED until the recipient has given it, and nothing is done.';

/** Routes without an API key: the signing API and signer page, email tracking, SMS delivery reports, and the gateway's own pages. */
export const PUBLIC_ROUTE_DOCS: RouteDocs = {
  'GET /signing/v1/:token': {
    operationId: 'getSigningSession',
    summary: 'Open a signing session',
    description: "What a signer page needs: the envelope's name and branding, the recipient, the email-code step, the consumer consent (`consumer_consent`: " +
      "whether the envelope asks for it, the disclosure's version, and when and to which version the recipient consented), and (while the link can sign, " +
      `once consented where it is asked) the documents with this recipient's placements. ${TOKEN_NOTE}`,
    tag: 'Signing',
    responses: { 200: jsonAnswer(SigningSessionResponse, 'The session; `state` says whether the link can sign now') },
    errors: [404]
  },
  'POST /signing/v1/:token/sign': {
    operationId: 'sign',
    summary: 'Sign as the recipient',
    description: 'Explicit consent and a signature: typed (WRITTEN, `text`), drawn or uploaded (DRAWN, UPLOADED: `image`, a base64 PNG or JPG), as the ' +
      "envelope's `signature_types` allow, with `fields: {<name>: value}` for the recipient's fields (their names and checks are in the session's " +
      'placements). Every value is checked here: a missing required field, an invalid value, or a value too long for its box on the document ' +
      '(it is drawn whole, shrunk down to 6 points and wrapped where the box is tall enough) is a 422 naming `fields.<name>`, and nothing is ' +
      'recorded. A WITNESS signs the same way once the signer in `witness_of` has signed. An APPROVER approves with this same call: consent and ' +
      `fields, no signature (it may also reject). A VIEWER is done once they open the session, and a CC has no link. ${CONSENT_NOTE} ${TOKEN_NOTE}`,
    tag: 'Signing',
    request: { json: SignRequest },
    responses: { 200: jsonAnswer(SignedResponse, 'Signed') },
    errors: [400, 403, 404, 409, 413, 415, 422]
  },
  'POST /signing/v1/:token/fields/preview': {
    operationId: 'previewFields',
    summary: 'Preview how field values will show on the signed document',
    description: 'Some of the recipient\'s field values (`fields: {<name>: value}`, as the sign request takes them), answered with how the signed ' +
      'document will draw each: its text size and its lines. A value is never shortened: it is drawn at the largest size its box allows, ' +
      'down to 6 points, wrapped where the box is tall enough. A value that signing would refuse (invalid, or too long for its box even at ' +
      `6 points) is a 422 naming \`fields.<name>\`. Nothing is recorded. ${CONSENT_NOTE} ${TOKEN_NOTE}`,
    tag: 'Signing',
    request: { json: FieldPreviewRequest },
    responses: { 200: jsonAnswer(FieldPreviewResponse, 'How each value will be drawn') },
    errors: [400, 403, 404, 409, 415, 422]
  },
  'POST /signing/v1/:token/attachments': {
    operationId: 'uploadSigningAttachment',
    summary: "Upload a file for an ATTACHMENT field",
    description: 'A PDF, PNG or JPEG file up to 10 MB (told by its bytes; a PDF is checked like documents), as `multipart/form-data` in the field ' +
      '`file`. The answer\'s `attachment.id` is the ATTACHMENT field\'s value in `fields` of the sign request; once signed, the envelope shows ' +
      `the file with its name, SHA-256 and a download link. ${CONSENT_NOTE} ${TOKEN_NOTE}`,
    tag: 'Signing',
    request: { file: { field: 'file', description: 'The PDF, PNG or JPEG file' } },
    responses: { 201: jsonAnswer(AttachmentUploadedResponse, 'Stored') },
    errors: [400, 403, 404, 409, 413, 415, 422]
  },
  'POST /signing/v1/:token/reject': {
    operationId: 'reject',
    summary: 'Decline to sign',
    description: `The envelope is voided and the sender told (\`recipient.rejected\`). ${CONSENT_NOTE} (Without consent, withdrawing it declines the same way.) ${TOKEN_NOTE}`,
    tag: 'Signing',
    request: { json: RejectRequest },
    responses: { 200: jsonAnswer(RejectedResponse, 'Rejected') },
    errors: [400, 403, 404, 409, 415, 422]
  },
  'GET /signing/v1/:token/consent/document': {
    operationId: 'getConsentDocument',
    summary: 'Download the consent document',
    description: 'Where the envelope asks for consent to electronic records and signatures (`signature_flow.consumer_consent`): a one-page PDF with the consumer ' +
      "disclosure in the recipient's language (paper copies and how to ask for them, withdrawing and what it does, updating contact details, what is " +
      'needed to open and keep the records) and the code the recipient types to consent, which shows they can open a PDF. The code is always the same ' +
      `for the recipient. 409 where the envelope does not ask. ${TOKEN_NOTE}`,
    tag: 'Signing',
    responses: { 200: { description: 'The PDF', contentType: 'application/pdf' } },
    errors: [404, 409]
  },
  'POST /signing/v1/:token/consent': {
    operationId: 'giveConsumerConsent',
    summary: 'Consent to electronic records and signatures',
    description: 'The code printed in the consent document and the disclosure version shown (the session\'s `consumer_consent.version`). A wrong code, or ' +
      'a version that is no longer the disclosure\'s, is a 422 naming the field, and nothing is recorded. The consent (version, time, the IP address and user ' +
      'agent) is recorded and `recipient.consented` published; from then on the other signing routes work. Consenting again answers the consent already ' +
      `given. Only while it is the recipient's turn (409 otherwise), and 409 where the envelope does not ask. ${TOKEN_NOTE}`,
    tag: 'Signing',
    request: { json: ConsumerConsentRequest },
    responses: { 200: jsonAnswer(ConsumerConsentResponse, 'Consent recorded') },
    errors: [400, 404, 409, 415, 422]
  },
  'POST /signing/v1/:token/consent/withdraw': {
    operationId: 'withdrawConsumerConsent',
    summary: 'Withdraw (or refuse) consent to electronic records and signatures',
    description: 'With or without a consent given: without it the recipient cannot sign, so this declines as the reject route does (the recipient REJECTED, ' +
      'the envelope VOIDED), with `recipient.consent_withdrawn`, then `recipient.rejected` and `envelope.voided`. Only while it is the recipient\'s turn and ' +
      `before they acted, never for a VIEWER (409), and 409 where the envelope does not ask. ${TOKEN_NOTE}`,
    tag: 'Signing',
    responses: { 200: jsonAnswer(RejectedResponse, 'Withdrawn: the envelope is rejected') },
    errors: [404, 409]
  },
  'GET /signing/v1/:token/documents/:document_id': {
    operationId: 'getSigningDocument',
    summary: 'Download a document to sign',
    description: `${CONSENT_NOTE} ${TOKEN_NOTE}`,
    tag: 'Signing',
    responses: { 200: { description: 'The PDF', contentType: 'application/pdf' } },
    errors: [403, 404, 409]
  },
  'POST /signing/v1/:token/validation/send_code': {
    operationId: 'signerSendCode',
    summary: 'Email the signer a validation code',
    description: `The recipient-side of send_code, with the same limits; \`{"channel": "sms"}\` texts the code (phone validation), email is the default. ${CONSENT_NOTE} ${TOKEN_NOTE}`,
    tag: 'Signing',
    serviceRateLimit: true,
    request: { json: SendCodeRequest, optional: true },
    responses: { 200: jsonAnswer(CodeSentResponse, 'The code is on its way') },
    errors: [400, 403, 404, 409, 415, 422]
  },
  'POST /signing/v1/:token/validation/verify_code': {
    operationId: 'signerVerifyCode',
    summary: "Check the signer's validation code",
    description: `${CONSENT_NOTE} ${TOKEN_NOTE}`,
    tag: 'Signing',
    request: { json: VerifyCodeRequest },
    responses: { 200: jsonAnswer(CodeVerifiedResponse, 'Verified') },
    errors: [400, 403, 404, 409, 415, 422]
  },
  'GET /pki/signet-dev-ca.crl': {
    operationId: 'getDevelopmentCrl',
    summary: "The development CA's certificate revocation list",
    description: 'DER, reissued daily and valid a week; validators fetch it from the seal certificate\'s CRL distribution point. Only while Signet seals with its generated development CA.',
    tag: 'Seal',
    responses: { 200: { description: 'The CRL', contentType: 'application/pkix-crl' } },
    errors: [404]
  },
  'GET /pki/signet-signer-ca.crl': {
    operationId: 'getSignerCaCrl',
    summary: "The signer CA's certificate revocation list",
    description: "DER, issued by Signet (it holds the signer CA's key), reissued daily and valid a week; validators fetch it from each signer certificate's CRL distribution point. Signer certificates live minutes, so none is ever listed.",
    tag: 'Seal',
    responses: { 200: { description: 'The CRL', contentType: 'application/pkix-crl' } },
    errors: []
  },
  'GET /sign/:token': {
    operationId: 'signerPage',
    summary: "Signet's signer page",
    description: 'What a `signing_url` opens: a page built on the signing API (in the recipient\'s language, or the envelope\'s: any of fifteen; with the branding in the settings).',
    tag: 'Signing',
    responses: {
      200: { description: 'The page (a voided envelope\'s link shows a page saying so)', contentType: 'text/html' },
      404: { description: 'The page, saying the link does not work: it is for a person, not a program', contentType: 'text/html' }
    },
    errors: []
  },
  'GET /sign/assets/:file': {
    operationId: 'signerPageAsset',
    summary: "A static file of the signer page",
    tag: 'Signing',
    responses: { 200: { description: 'The file (script, style sheet or font)', contentType: '*/*' } },
    errors: [404]
  },
  'GET /sign/accent/:file': {
    operationId: 'signerPageAccent',
    summary: "The signer page's branding colour",
    description: 'A style sheet of custom properties for one colour (`<6 lower-case hex digits>.css`): the accent, the text drawn on it and the link colour. The signer page links the one of its envelope\'s `branding.color`, since its Content-Security-Policy allows no inline style.',
    tag: 'Signing',
    params: { file: 'The colour\'s six hexadecimal digits, lower case, then `.css`: `1d4ed8.css`' },
    responses: { 200: { description: 'The style sheet', contentType: 'text/css' } },
    errors: [404]
  },
  'GET /email/v1/pixels/:token': {
    operationId: 'emailOpened',
    summary: 'Tracking pixel of an email',
    description: 'Records `recipient.email_opened`. Always answers the image, even for an unknown token.',
    tag: 'Email tracking',
    responses: { 200: { description: 'A 1x1 GIF', contentType: 'image/gif' } },
    errors: []
  },
  'GET /email/v1/links/:token': {
    operationId: 'emailClicked',
    summary: 'Tracked link of an email',
    description: 'Records `recipient.email_clicked` and redirects to the link.',
    tag: 'Email tracking',
    responses: {
      302: { description: 'Redirect to the link', headers: { Location: 'Where the link goes' } },
      404: { description: 'An unknown link, in plain text for the person who clicked it', contentType: 'text/plain' }
    },
    errors: []
  },
  'POST /sms/v1/status': {
    operationId: 'reportSmsStatus',
    summary: 'Report a validation SMS\'s delivery status',
    description: "For the SMS provider only: Signet passes `SMS_STATUS_CALLBACK_URL` as each code SMS's `StatusCallback`, and the provider (Twilio, or one that speaks its API) posts the message's status there as it changes. `X-Twilio-Signature` must sign the URL and every field with `SMS_AUTH_TOKEN` (Twilio's algorithm), else 403 and nothing changes. A status only moves forward: repeats and late reports change nothing, and the first final one (`delivered`, `undelivered`, `failed`, `canceled`) stays. 404 when `SMS_STATUS_CALLBACK_URL` is not set or no SMS has this `MessageSid`.",
    tag: 'SMS delivery',
    request: {
      urlencoded: SmsStatusCallback,
      headers: { 'X-Twilio-Signature': 'Base64 HMAC-SHA1, keyed by the SMS provider\'s auth token, of the callback URL followed by every field\'s name and value, sorted by name' },
    },
    responses: { 200: jsonAnswer(SuccessResponse, 'Recorded (or already known)') },
    errors: [400, 403, 404, 413, 415, 422]
  },
  'POST /email/v1/bounces': {
    operationId: 'reportBounce',
    summary: 'Report a bounced email',
    description: "For the mail provider's bounce hook: the token is the X-Signet-Bounce header of the bounced email. Records `recipient.email_bounced` once.",
    tag: 'Email tracking',
    request: { json: BounceRequest },
    responses: { 200: jsonAnswer(SuccessResponse, 'Recorded') },
    errors: [400, 404, 415]
  }
};

/** The gateway's own routes: what a newcomer opens first, and the probes an orchestrator calls. */
export const GATEWAY_ROUTE_DOCS: RouteDocs = {
  'GET /': {
    operationId: 'home',
    summary: 'Where to start',
    description: 'The start page: what runs here (API version, parts, database, event bus, email) and links to the quickstart, ' +
      'this reference, the OpenAPI document, the health checks and, in monolith mode, the development mailbox and SMS pages. ' +
      'The development key monolith mode made for itself is shown only to clients on the same machine. JSON with `Accept: application/json`.',
    tag: 'Service',
    responses: {
      200: {
        ...jsonAnswer(Answer({
          name: Type.String(),
          api_version: Type.String({ description: 'The version of this API (the OpenAPI document\'s `info.version`)' }),
          parts: Type.Array(Type.String(), { description: 'The parts of Signet answering in this process' }),
          links: Type.Record(Type.String(), Type.String(), { description: 'quickstart (in a repository checkout), docs, openapi, console, mailbox and sms (monolith mode), health, readiness: absolute URLs' }),
          development_key: Type.Optional(Type.String({ description: 'The development API key (monolith mode without configured keys), to loopback clients only' }))
        }), 'Links: an HTML page, or JSON when asked for'),
        contentType: 'text/html'
      }
    },
    errors: []
  },
  'GET /openapi.json': {
    operationId: 'openapi',
    summary: 'This OpenAPI 3.1 document',
    tag: 'Service',
    responses: { 200: jsonAnswer(OpenApiDocument, 'The document, with this server in `servers`') },
    errors: []
  },
  'GET /docs': {
    operationId: 'docs',
    summary: 'The API reference page',
    description: 'Renders this document; works offline (the renderer is served by Signet).',
    tag: 'Service',
    responses: { 200: { description: 'The page', contentType: 'text/html' } },
    errors: []
  },
  'GET /files/*key': {
    operationId: 'downloadFile',
    summary: 'Download a file by its signed link',
    description: 'Where the `url` of a document, a signed document, an evidence PDF or a file uploaded for an ATTACHMENT field (PDF, PNG or JPEG) leads when Signet keeps files on its own disk (monolith mode; with S3 the links go to S3 itself). No API key: the link is signed and expires; a forged, altered or expired link is 403, a file that is gone 404.',
    tag: 'Service',
    params: { key: 'The file\'s key as the link gives it (it may contain `/`)' },
    request: {
      query: Type.Object({
        expires: Type.String({ description: 'When the link expires (Unix seconds)' }),
        signature: Type.String({ description: 'The link\'s signature' }),
        name: Type.Optional(Type.String({ description: 'The file name the download is saved under' }))
      })
    },
    responses: { 200: { description: 'The file', contentType: 'application/pdf', moreContentTypes: ['image/png', 'image/jpeg'] } },
    errors: [403, 404]
  },
  'GET /healthz': {
    operationId: 'health',
    summary: 'Liveness',
    tag: 'Service',
    responses: { 200: jsonAnswer(HealthResponse, 'Alive') },
    errors: []
  },
  'GET /readyz': {
    operationId: 'ready',
    summary: 'Readiness',
    description: 'Whether the database, the event bus and the blob store answer; for the gateway, also whether it has started (`checks.started`): until then a bootstrap API key may not work yet.',
    tag: 'Service',
    responses: { 200: jsonAnswer(ReadinessResponse, 'Ready'), 503: jsonAnswer(ReadinessResponse, 'Not ready: what failed') },
    errors: []
  }
};
