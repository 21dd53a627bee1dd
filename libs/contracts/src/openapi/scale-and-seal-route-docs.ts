import { Type } from '@sinclair/typebox';
import { BatchCreateRequest, BatchListQuery, BatchListResponse, BatchResponse } from '../batch-requests';
import { EnvelopeListQuery, EnvelopeListResponse, EnvelopeMetadataFilter } from '../envelope-list';
import { SealCertificatesResponse, SignatureReportsResponse } from '../seal-responses';
import { jsonAnswer, type RouteDocs } from './route-doc';

const ListQuery = Type.Object({
  ...EnvelopeListQuery.properties,
  metadata: Type.Optional(Type.Unsafe<Record<string, string>>({
    ...EnvelopeMetadataFilter,
    description: 'Metadata filters, one parameter per key in bracket notation: `metadata[crm_id]=opp-1042&metadata[region]=emea` keeps envelopes whose metadata has every one of these values (up to 10)'
  }))
});

/** Listing and batches of envelopes, and the seal's certificates and signature reports (API key routes). */
export const SCALE_AND_SEAL_ROUTE_DOCS: RouteDocs = {
  'GET /api/v1/envelopes': {
    operationId: 'listEnvelopes',
    summary: "List and search the tenant's envelopes",
    description: 'Newest first (`order=asc` for oldest first), filtered by status (comma-separated), creation, sending and completion times (ISO 8601; `_after` includes the instant, `_before` excludes it), a recipient email, text (`q`: the envelope name, document names, recipient names and emails) and metadata. Pages of `limit` (1-100, default 20); pass `next_cursor` as `cursor` for the next page (null on the last). Paging stays stable while envelopes are created.',
    tag: 'Envelopes',
    request: { query: ListQuery },
    responses: { 200: jsonAnswer(EnvelopeListResponse, 'One page of envelope summaries') },
    errors: [422]
  },
  'POST /api/v1/batches': {
    operationId: 'createBatch',
    summary: 'Create, send, void or remind up to 100 envelopes in the background',
    description: '`operation` `create` takes `items` (each the create form\'s fields as JSON, documents inline as base64); `create_from_template` takes `template_id` and `items` (each what `POST /api/v1/templates/:id/envelopes` takes: recipients by key, fields, metadata, send...; 404 when the template is not yours); `send`, `void` and `remind` take `envelope_ids`. ' +
      '`void` takes an optional `reason`, given to every envelope as `PUT /api/v1/envelopes/:id/void` takes it. `remind` reminds every recipient whose turn it is on each envelope, as `POST /api/v1/envelopes/:id/recipients/:recipient_id/remind` would (409 when it is nobody\'s turn, e.g. the envelope is not IN_PROGRESS; 429 when one of them was reminded within the hour, and then none is). ' +
      'Each item runs through the single call\'s rules and plan limits; one item\'s failure never stops the others. Poll `GET /api/v1/batches/:id`, or subscribe a webhook to `batch.completed`.',
    tag: 'Batches',
    request: { json: BatchCreateRequest },
    responses: { 202: jsonAnswer(BatchResponse, 'The batch, PENDING; its items run in the background') },
    errors: [400, 404, 413, 415]
  },
  'GET /api/v1/batches': {
    operationId: 'listBatches',
    summary: 'List your batches',
    description: 'Your tenant\'s batches, newest first, each with its progress (`succeeded`, `failed` of `total`, `status`); every item\'s result is in `GET /api/v1/batches/:id`. Pages of `limit` (1-100, default 20); pass `next_cursor` as `cursor` for the next page (null on the last).',
    tag: 'Batches',
    request: { query: BatchListQuery },
    responses: { 200: jsonAnswer(BatchListResponse, 'One page of batches') },
    errors: [422]
  },
  'GET /api/v1/batches/:id': {
    operationId: 'getBatch',
    summary: 'Read a batch',
    description: 'Progress (`succeeded`, `failed` of `total`) and, once COMPLETED, each item\'s result.',
    tag: 'Batches',
    params: { id: 'Batch id' },
    responses: { 200: jsonAnswer(BatchResponse, 'The batch') },
    errors: [404]
  },
  'GET /api/v1/seal/certificates': {
    operationId: 'getSealCertificates',
    summary: 'The certificates that seal signed PDFs',
    description: 'The seal certificate and its chain (PEM, CA included), the timestamp authority\'s chain, and the CRL address of the development CA. Trust this chain in a validator to see sealed PDFs as trusted.',
    tag: 'Seal',
    responses: { 200: jsonAnswer(SealCertificatesResponse, 'The seal chain') },
    errors: []
  },
  'POST /api/v1/signature-reports': {
    operationId: 'createSignatureReport',
    summary: "Validate a PDF's signatures",
    description: 'Send any PDF as the raw body (`Content-Type: application/pdf`, up to 50 MB). Each signature and document timestamp: signer, claimed and timestamped times, PAdES level, integrity, chain trust against the seal\'s and TSA\'s roots, and whether the document changed after signing. The file is examined within the CPU, memory and page limits of uploads (422 over them, 503 while every PDF worker is busy), and at most 50 signatures are examined: a file with more is 422. Reports count against a per-key hourly and daily limit (429).',
    tag: 'Seal',
    request: { binary: 'application/pdf' },
    responses: { 200: jsonAnswer(SignatureReportsResponse, 'One report per signature') },
    errors: [400, 413, 415, 422]
  }
};
