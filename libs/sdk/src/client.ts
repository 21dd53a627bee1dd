import createClient, { type Client } from 'openapi-fetch';
import { toBracketForm } from './bracket-form';
import { unwrap, SignetError, type ErrorBody } from './errors';
import { accountMethods, envelopeMethods, signingMethods, webhookMethods } from './methods';
import { templateMethods } from './templates';
import { builderSessionMethods } from './builder-sessions';
import { deadLetterMethods } from './dead-letters';
import { apiKeyMethods } from './api-keys';
import { batchMethods } from './batches';
import { identityMethods } from './identity';
import { envelopeTimelineMethods } from './envelope-timeline';
import { settingsPreviewMethods } from './settings-previews';
import type { components, operations, paths } from './generated/openapi';

type Schemas = components['schemas'];
export type EnvelopeCreateRequest = Schemas['EnvelopeCreateRequest'];
export type Envelope = Schemas['EnvelopeView'];
export type EnvelopeSummary = Schemas['EnvelopeListItem'];
/**
 * GET /api/v1/envelopes's filters; `metadata: {crm_id: 'opp-1042'}` is sent as `metadata[crm_id]=opp-1042`
 * (the document's deepObject parameter) and every pair must match.
 */
export type EnvelopeListQuery = Omit<NonNullable<operations['listEnvelopes']['parameters']['query']>, 'limit'> & { limit?: number };
export type Upload = Schemas['Upload'];
export type Delivery = Schemas['Delivery'];

export interface SignetClientOptions {
  /** Where Signet answers, e.g. http://localhost:3000. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

export interface UploadFileOptions {
  fileName: string;
  /** Position among the envelope's documents. */
  order: number;
  customKey?: string;
  /** The PDF: bytes, or a stream (a web stream or a Node Readable; sent as it is read, never held whole in memory). */
  file: Uint8Array | AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;
  /** How long to wait for COMPLETED (default 60 s) and how often to ask (default 250 ms). */
  timeoutMs?: number;
  pollIntervalMs?: number;
}

/**
 * A typed client of the Signet API. `api` is the whole API, typed from docs/openapi.json
 * (`api.GET('/api/v1/envelopes/{id}', {params: {path: {id}}})`); the methods beside it do what
 * integrators otherwise write by hand. Every method throws SignetError on an error answer.
 */
export function createSignetClient(options: SignetClientOptions) {
  const api: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl, headers: { Authorization: options.apiKey }, fetch: options.fetch });
  const doFetch = options.fetch ?? fetch;
  const context = { api, doFetch, apiKey: options.apiKey };

  async function getUpload(envelopeId: string, uploadId: string): Promise<Upload> {
    return unwrap(await api.GET('/api/v1/envelopes/{envelope_id}/uploads/{id}', { params: { path: { envelope_id: envelopeId, id: uploadId } } })).upload;
  }

  return {
    api,
    ...envelopeMethods(context),
    ...signingMethods(context),
    ...webhookMethods(context),
    ...accountMethods(context),
    ...templateMethods(context),
    ...builderSessionMethods(context),
    ...deadLetterMethods(context),
    ...apiKeyMethods(context),
    ...batchMethods(context),
    ...identityMethods(context),
    ...envelopeTimelineMethods(context),
    ...settingsPreviewMethods(context),

    /** Creates an envelope from a plain object, sent as the bracket-notation form the route takes. */
    async createEnvelope(envelope: EnvelopeCreateRequest) {
      return unwrap(await api.POST('/api/v1/envelopes', { body: envelope as never, bodySerializer: () => toBracketForm(envelope) })).envelope;
    },

    async getEnvelope(id: string): Promise<Envelope> {
      return unwrap(await api.GET('/api/v1/envelopes/{id}', { params: { path: { id } } })).envelope;
    },

    async sendEnvelope(id: string): Promise<void> {
      unwrap(await api.POST('/api/v1/envelopes/{id}/send_invitation', { params: { path: { id } } }));
    },

    /** One page of the tenant's envelopes (newest first unless `order: 'asc'`); pass `next_cursor` on as `cursor`. */
    async listEnvelopes(query: EnvelopeListQuery = {}) {
      return unwrap(await api.GET('/api/v1/envelopes', { params: { query: { ...query, limit: query.limit === undefined ? undefined : String(query.limit) } } }));
    },

    /** Every envelope the filters keep, page by page. */
    async *allEnvelopes(query: Omit<EnvelopeListQuery, 'cursor'> = {}): AsyncGenerator<EnvelopeSummary> {
      let cursor: string | undefined;
      do {
        const page = await this.listEnvelopes({ ...query, cursor });
        yield* page.envelopes;
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
    },

    getUpload,

    /**
     * The upload flow: asks for an upload URL, streams the file to it, then waits until the upload is
     * COMPLETED and its document is on the envelope (attached a moment later, by event). A FAILED
     * upload throws with its error message.
     */
    async uploadFile(envelopeId: string, file: UploadFileOptions): Promise<Upload> {
      const created = unwrap(await api.POST('/api/v1/envelopes/{envelope_id}/uploads', {
        params: { path: { envelope_id: envelopeId } },
        body: { file_name: file.fileName, order: file.order, ...(file.customKey ? { custom_key: file.customKey } : {}) }
      })).upload;
      const body = file.file;
      const put = await doFetch(created.upload_url, {
        method: 'PUT', headers: { Authorization: options.apiKey, 'Content-Type': 'application/pdf' }, body: body as RequestInit['body'], duplex: 'half'
      } as RequestInit);
      if (!put.ok) throw new SignetError(put.status, (await put.json().catch(() => undefined)) as ErrorBody | undefined, put.headers);
      const deadline = Date.now() + (file.timeoutMs ?? 60_000);
      for (;;) {
        const upload = await getUpload(envelopeId, created.id);
        if (upload.status === 'COMPLETED' && (await this.getEnvelope(envelopeId)).documents.some((document) => document.id === upload.file_id)) return upload;
        if (upload.status === 'FAILED' || upload.status === 'EXPIRED') {
          throw new SignetError(422, { error: upload.error_message ?? `The upload is ${upload.status}`, code: `UPLOAD_${upload.status}` });
        }
        if (Date.now() > deadline) throw new Error(`Upload ${created.id} is still ${upload.status} after ${file.timeoutMs ?? 60_000} ms`);
        await new Promise((resolve) => setTimeout(resolve, file.pollIntervalMs ?? 250));
      }
    },

    /** One page of a webhook's deliveries (newest first), each with its attempts; pass `next_cursor` on. */
    async listDeliveries(webhookId: string, query: { status?: Delivery['status']; event_type?: string; limit?: number; cursor?: string } = {}) {
      return unwrap(await api.GET('/api/v1/webhooks/{id}/deliveries', {
        params: { path: { id: webhookId }, query: { ...query, limit: query.limit === undefined ? undefined : String(query.limit) } as never }
      }));
    },

    /** Every delivery of a webhook, page by page. */
    async *allDeliveries(webhookId: string, query: { status?: Delivery['status']; event_type?: string } = {}): AsyncGenerator<Delivery> {
      let cursor: string | undefined;
      do {
        const page = await this.listDeliveries(webhookId, { ...query, cursor });
        yield* page.deliveries;
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
    }
  };
}

export type SignetClient = ReturnType<typeof createSignetClient>;
